import { describe, expect, it } from "vitest";
import { askedPermissions, permissionChanges, permissionsWidened } from "../src/permission-changes";

const asked = (permissions: string[], optionalPermissions: string[] = []) => ({ permissions, optionalPermissions });

describe("permission changes between versions", () => {
  it("lists what each list adds and drops", () => {
    expect(permissionChanges(asked(["chat.read", "network"], ["ai"]), asked(["chat.read", "obs"], []))).toEqual({
      permissions: { added: ["network"], removed: ["obs"] },
      optionalPermissions: { added: ["ai"], removed: [] },
    });
  });

  it("changes nothing for a first version", () => {
    expect(permissionChanges(asked(["ai"]), null)).toEqual({ permissions: { added: [], removed: [] }, optionalPermissions: { added: [], removed: [] } });
    expect(permissionsWidened(asked(["ai"]), null)).toBe(false);
  });

  it("calls a new required or new optional permission widening, a move from required to optional or a drop not", () => {
    expect(permissionsWidened(asked(["chat.read", "network"]), asked(["chat.read"]))).toBe(true);
    expect(permissionsWidened(asked([], ["ai"]), asked([]))).toBe(true);
    expect(permissionsWidened(asked(["ai"]), asked([], ["ai"]))).toBe(true);
    expect(permissionsWidened(asked([], ["ai"]), asked(["ai"]))).toBe(false);
    expect(permissionsWidened(asked(["chat.read"]), asked(["chat.read", "network"]))).toBe(false);
  });

  it("reads a stored manifest's lists, empty when absent", () => {
    expect(askedPermissions({ id: "x", permissions: ["ai"] })).toEqual(asked(["ai"], []));
    expect(askedPermissions({ optional_permissions: ["obs"] })).toEqual(asked([], ["obs"]));
  });
});
