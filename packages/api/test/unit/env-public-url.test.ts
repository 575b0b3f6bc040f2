import { describe, expect, it } from "vitest";
import { listenUrl, loadEnv } from "../../src/shared/env";

/** PUBLIC_URL unset means the address the server listens on (issue: PORT=3300 sent buyers to port 3000). */
describe("PUBLIC_URL", () => {
  const load = (variables: Record<string, string>) => loadEnv({ NODE_ENV: "test", ...variables });

  it("follows PORT when unset", () => {
    expect(load({ PORT: "3300" }).PUBLIC_URL).toBe("http://localhost:3300");
    expect(load({}).PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("follows HOST when it names one interface, and is localhost for the wildcards", () => {
    expect(load({ PORT: "3100", HOST: "127.0.0.1" }).PUBLIC_URL).toBe("http://127.0.0.1:3100");
    expect(load({ PORT: "3100", HOST: "0.0.0.0" }).PUBLIC_URL).toBe("http://localhost:3100");
    expect(load({ PORT: "3100", HOST: "::" }).PUBLIC_URL).toBe("http://localhost:3100");
    expect(load({ PORT: "3100", HOST: "::1" }).PUBLIC_URL).toBe("http://[::1]:3100");
    expect(listenUrl(80, "stream.example")).toBe("http://stream.example:80");
  });

  it("an empty value counts as unset, and a set value wins (without a trailing slash)", () => {
    expect(load({ PORT: "3300", PUBLIC_URL: "" }).PUBLIC_URL).toBe("http://localhost:3300");
    expect(load({ PORT: "3300", PUBLIC_URL: "https://streamkit.example/" }).PUBLIC_URL).toBe("https://streamkit.example");
  });

  it("a value that is not an http(s) address is refused at start", () => {
    expect(() => load({ PUBLIC_URL: "ftp://streamkit.example" })).toThrow(/PUBLIC_URL/);
  });
});
