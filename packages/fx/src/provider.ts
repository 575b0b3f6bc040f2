import { BUILTIN_RATES_DATE, BUILTIN_SOURCE_ID } from "./builtin-rates";
import type { SourceId } from "./day";
import type { Provider } from "./schemas";
import { SOURCES } from "./sources/registry";
import type { FxSource } from "./sources/types";

/**
 * The provider object (docs/api.md#exchange-rate-objects) for the sources a day was actually made from.
 * name names them (which is also how the central banks ask to be credited);
 * attribution/url carry the words a source's terms require to be displayed and
 * linked — today only ExchangeRate-API's. Should two sources ever require one, the
 * texts are joined with " · " and url is the first one's: the documented object has
 * room for a single link.
 */
export function providerFor(sourceIds: readonly SourceId[], registry: readonly FxSource[] = SOURCES): Provider {
  if (sourceIds.length === 0 || sourceIds.every((id) => id === BUILTIN_SOURCE_ID)) {
    return { name: `Built-in table of ${BUILTIN_RATES_DATE}`, sources: [], attribution: "", url: "" };
  }
  const used = sourceIds.flatMap((id) => registry.filter((s) => s.id === id));
  const names = used.map((s) => s.name);
  const required = used.flatMap((s) => (s.attribution ? [s.attribution] : []));
  return {
    name: names.length === 1 ? names[0]! : `Blend of ${names.join(", ")}`,
    sources: names,
    attribution: required.map((a) => a.text).join(" · "),
    url: required[0]?.url ?? used[0]?.homepage ?? "",
  };
}
