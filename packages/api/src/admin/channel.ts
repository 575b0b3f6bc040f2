/**
 * The admin channel: on the embedded database only one process may open the
 * data folder, so while a server holds it the CLI hands its command line to
 * that server over a Unix socket inside the folder (file permissions keep it
 * to the folder's owner) and prints the answer.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppDeps } from "../shared/deps";
import { toAppError } from "../shared/error-mapping";
import { settleWrites } from "../shared/write-fence";
import { runAdminCommand } from "./commands";

export type ChannelAnswer = { ok: true; result: Record<string, unknown> } | { ok: false; error: { code: string; message: string } };

/** Unix socket paths are limited to ~104 bytes; long data folders get a hashed name in the temp folder. */
export function adminSocketPath(dataDir: string): string {
  const inside = join(dataDir, "admin.sock");
  if (inside.length < 100) return inside;
  return join(tmpdir(), `streamkit-admin-${createHash("sha256").update(dataDir).digest("hex").slice(0, 16)}.sock`);
}

export function startAdminChannel(deps: AppDeps, dataDir: string): Promise<Server> {
  const path = adminSocketPath(dataDir);
  if (existsSync(path)) rmSync(path);
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += String(chunk)));
    req.on("end", async () => {
      let answer: ChannelAnswer;
      try {
        const { argv } = JSON.parse(body) as { argv: string[] };
        answer = { ok: true, result: await runAdminCommand(deps, argv) };
        // A change the command made applies to this server's very next request, as a write request's does (shared/write-fence.ts).
        await settleWrites(deps, answer);
      } catch (error) {
        answer = { ok: false, error: describe(error, (incident, cause) => deps.log.error({ incident, err: cause }, "admin command failed")) };
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve(server));
  });
}

export function sendToAdminChannel(dataDir: string, argv: string[]): Promise<ChannelAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: adminSocketPath(dataDir), path: "/", method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += String(chunk)));
      res.on("end", () => {
        try {
          resolve(JSON.parse(body) as ChannelAnswer);
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on("error", reject);
    req.end(JSON.stringify({ argv }));
  });
}

/**
 * A failed command as the operator sees it, through the one error map: a
 * domain error's code and message; for anything unexpected no internals, only
 * where the cause was logged (`log` writes it, with the same incident id).
 */
export function describe(error: unknown, log: (incident: string, error: unknown) => void): { code: string; message: string } {
  const mapped = toAppError(error);
  if (mapped.code !== "internal_error") return { code: mapped.code, message: mapped.message };
  const incident = randomUUID();
  log(incident, error);
  return { code: "internal_error", message: `The command failed unexpectedly (incident ${incident}); the cause is in the log under that id.` };
}
