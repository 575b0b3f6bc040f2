import { z } from "zod";

/** #rgb, #rgba, #rrggbb or #rrggbbaa. */
export const hexColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, "A colour is a hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa (e.g. #ff3366).")
  .meta({ example: "#ff3366" });
