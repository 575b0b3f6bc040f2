import { grants, type PlanName, planNames, plans } from "@streamkit/plans";

const marketplace: Record<PlanName, string> = { free: "Free items", pro: "Free and Pro items", ultimate: "All items" };
const yesNo = (value: boolean) => (value ? "Yes" : "No");
const MiB = 1024 * 1024;
/** Whole MiB or GiB, as the plans table holds them; none is "No". */
const storage = (bytes: number) => (bytes === 0 ? "No" : bytes % (1024 * MiB) === 0 ? `${bytes / (1024 * MiB)} GiB` : `${Math.round(bytes / MiB)} MiB`);

/** The rows every plan comparison shows, straight from the plans table. */
export const entitlementRows: { label: string; value: (plan: PlanName) => string }[] = [
  { label: "API requests per minute", value: (p) => String(plans[p].entitlements.apiRequestsPerMinute) },
  { label: "Own overlays (create, update, fork)", value: (p) => (plans[p].entitlements.overlays === 0 ? "No" : `Up to ${plans[p].entitlements.overlays}`) },
  { label: "Inventory size", value: (p) => new Intl.NumberFormat("en").format(plans[p].entitlements.inventory) },
  { label: "Marketplace widgets, overlays and themes", value: (p) => marketplace[plans[p].entitlements.marketplaceTier] },
  { label: "Download plugins", value: (p) => yesNo(grants(p, "pluginDownload")) },
  { label: "Publish plugins", value: (p) => yesNo(grants(p, "pluginPublish")) },
  { label: "Picture storage (asset library)", value: (p) => storage(plans[p].entitlements.assetStorageBytes) },
];

export function PlansTable({ current }: { current?: PlanName }) {
  return (
    <div className="table-wrap">
      <table className="data plans-table">
        <caption className="visually-hidden">What each plan includes</caption>
        <thead>
          <tr>
            <th scope="col">Included</th>
            {planNames.map((plan) => (
              <th scope="col" key={plan} aria-current={plan === current ? "true" : undefined}>
                {plans[plan].title}
                {plan === current ? " (yours)" : ""}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entitlementRows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {planNames.map((plan) => (
                <td key={plan}>{row.value(plan)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
