import { countryCodes } from "@streamkit/plans";

const names = new Intl.DisplayNames(["en"], { type: "region" });
const sorted = [...countryCodes].map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));

/** Every ISO 3166 country by English name; the country decides rupee or dollar prices. */
export function CountrySelect({ id, name, defaultValue }: { id: string; name: string; defaultValue?: string | null }) {
  return (
    <select id={id} name={name} defaultValue={defaultValue ?? ""}>
      <option value="">Choose…</option>
      {sorted.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}
