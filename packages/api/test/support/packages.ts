/** Plugin folders for publishing tests, as the POST /plugins body wants them. */
export interface PackageOptions {
  id: string;
  version?: string;
  name?: string;
  permissions?: string[];
  optional_permissions?: string[];
  libraries?: string[];
  main?: string;
  extraManifest?: Record<string, unknown>;
  files?: Record<string, string>;
}

export function pluginFolder(options: PackageOptions): { path: string; content: string }[] {
  const manifest = {
    id: options.id,
    name: options.name ?? `Plugin ${options.id}`,
    version: options.version ?? "1.0.0",
    description: `The ${options.id} plugin.`,
    permissions: options.permissions ?? ["ui.notify"],
    ...(options.optional_permissions ? { optional_permissions: options.optional_permissions } : {}),
    ...(options.libraries ? { libraries: options.libraries } : {}),
    ...options.extraManifest,
  };
  const files: Record<string, string> = {
    "main.lua": options.main ?? 'local greeting <const> = "Hello"\nui.notify(greeting .. ", stream!")\n',
    ...options.files,
  };
  return [{ path: "plugin.json", content: `${JSON.stringify(manifest, null, 2)}\n` }, ...Object.entries(files).map(([path, content]) => ({ path, content }))];
}

export function publishBody(options: PackageOptions, changelog = `Release ${options.version ?? "1.0.0"}.`) {
  return { files: pluginFolder(options), changelog };
}

export const jsonPost = (body: unknown, headers: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});
