/** What other parts of the service use of sounds/: everything else in this folder is its own. */
export { soundCommands } from "./admin-commands";
export { serveAudioBlob, serveSoundAudio, soundAudioRoute, websiteSoundAudioRoute } from "./audio-route";
export { soundAudioPathItem } from "./openapi-paths";
export { addSound } from "./sounds";
export { soundsRouter } from "./router";
