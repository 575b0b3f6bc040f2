/** /api/trpc answers every domain error with its own kind of status: none but internal_error becomes a tRPC 500. */
import { AppError, errorCodes } from "@streamkit/api-contract";
import { describe, expect, it } from "vitest";
import { trpcCodeOf } from "../../src/shared/error-mapping";

describe("trpcCodeOf", () => {
  it.each(errorCodes.filter((code) => code !== "internal_error"))("%s has a tRPC code of its own", (code) => {
    expect(trpcCodeOf(new AppError(code, "x"))).not.toBe("INTERNAL_SERVER_ERROR");
  });

  it("a taken-down plugin (410) is not found on /api/trpc", () => {
    expect(trpcCodeOf(new AppError("taken_down", "x"))).toBe("NOT_FOUND");
  });
});
