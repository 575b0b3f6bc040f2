import type { Provider } from "@streamkit/fx/schemas";
import styles from "./fx.module.css";

/**
 * Where the numbers come from (docs/api.md#exchange-rate-objects): the provider's name, and — when a
 * source's terms require it — its attribution words linked to its address.
 * Put it next to every set of exchange-rate numbers.
 */
export function FxAttribution({ provider }: { provider: Provider }) {
  return (
    <p className={styles.credit}>
      Rates: {provider.name}
      {provider.attribution ? (
        <>
          {" · "}
          <a href={provider.url} rel="noopener noreferrer" target="_blank">
            {provider.attribution}
          </a>
        </>
      ) : null}
    </p>
  );
}
