import type { Currency } from "@streamkit/fx/currencies";
import styles from "./fx.module.css";

/**
 * The converter's form: a plain GET form to the page itself, so it works
 * without JavaScript and every conversion has an address to share.
 */
export function ConverterForm({
  action,
  currencies,
  from,
  to,
  amount,
  days,
  amountError,
}: {
  action: string;
  currencies: readonly Currency[];
  from: string;
  to: string;
  amount: string;
  days: number;
  amountError?: string;
}) {
  const popular = currencies.filter((c) => c.popular);
  const others = currencies.filter((c) => !c.popular);
  const options = (
    <>
      <optgroup label="Popular">
        {popular.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code} — {c.name}
          </option>
        ))}
      </optgroup>
      <optgroup label="All currencies">
        {others.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code} — {c.name}
          </option>
        ))}
      </optgroup>
    </>
  );
  return (
    <form className={`panel ${styles.form}`} action={action} method="get" aria-label="Convert currency">
      <div className={styles.field}>
        <label htmlFor="fx-amount">Amount</label>
        <input
          id="fx-amount"
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={amount}
          required
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? "fx-amount-error" : undefined}
        />
        {amountError ? (
          <span id="fx-amount-error" className={styles.fieldError}>
            {amountError}
          </span>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor="fx-from">From</label>
        <select id="fx-from" name="from" defaultValue={from}>
          {options}
        </select>
      </div>
      <a
        className={`button secondary ${styles.swap}`}
        href={`${action}?${new URLSearchParams({ from: to, to: from, amount, days: String(days) })}`}
        aria-label={`Swap: convert ${to} to ${from}`}
      >
        ⇄
      </a>
      <div className={styles.field}>
        <label htmlFor="fx-to">To</label>
        <select id="fx-to" name="to" defaultValue={to}>
          {options}
        </select>
      </div>
      <input type="hidden" name="days" value={days} />
      <button type="submit" className={`button ${styles.submit}`}>
        Convert
      </button>
    </form>
  );
}
