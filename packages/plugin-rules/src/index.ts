export * from "./permissions";
export * from "./api-namespaces";
export * from "./manifest";
export * from "./package";
export * from "./semver";
export { PACKAGE_LIMITS, MANIFEST_LIMITS, formatBytes, formatSizeAgainstLimit } from "./limits";
export { parseLua, blankLocalAttributes, type LuaParseResult, type LuaSyntaxError, type LocalAttribute } from "./lua-syntax";
export {
  collectApiUsage,
  lintPermissions,
  type ApiCall,
  type ApiUsage,
  type DeclaredAccess,
  type LintProblem,
} from "./permission-lint";
export { parseJson, jsonPointer, type JsonValue, type JsonParseResult } from "./json";
export { pathProblems, normalizePath } from "./paths";
export { textProblems, utf8Length } from "./text";
export { suggestPermission } from "./suggest";
export type { Position } from "./positions";
export * from "./permission-changes";
export { scanSecrets, secretMessage, looksRandom, type SecretHit } from "./secrets";
export { skeleton, editDistance, isLookalike, imitatesPublisher, lookalikeKeys, allowedDistance } from "./lookalike";
