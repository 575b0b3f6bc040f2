import type { Metadata } from "next";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { CreateKeyForm } from "./create-key-form";
import { RevokeKeyButton } from "./revoke-key-button";
import { DataTable } from "@/components/data-table";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  await requireCaller("/dashboard/keys");
  const { items } = await (await api()).keys.list();
  return (
    <div className="container">
      <div className="page-head">
        <div>
          <h1>API keys</h1>
          <p>
            Scripts and CI jobs call the API with a key: <code>Authorization: Bearer skit_…</code>. A key is shown once, when you create it.
          </p>
        </div>
      </div>
      {/* Full width: eight columns (Status and Revoke included) fit at desktop widths without scrolling. */}
      <div className="stack">
        <section className="panel" aria-labelledby="keys-title">
          <h2 id="keys-title">Your keys</h2>
          <DataTable
            labelledBy="keys-title"
            columns={["Name", "Key", "Scopes", "Created", "Last used", "Expires", "Status", { label: "Actions", hidden: true }]}
            rows={items.length}
            empty="No keys yet."
          >
            {items.map((key) => (
              <tr key={key.id} data-testid="key-row">
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>
                  {key.scopes.join(", ")}
                  {key.status === "active" && !key.scopes.includes("sounds:read") ? (
                    <p className="hint" data-testid="needs-sounds-scope">
                      No <code>sounds:read</code>: this key cannot use the sound catalogue. Scopes cannot be added to a key; create a new key with{" "}
                      <code>sounds:read</code>.
                    </p>
                  ) : null}
                </td>
                <td>{formatDate(key.createdAt)}</td>
                <td>{key.lastUsedAt ? formatDate(key.lastUsedAt) : "Never"}</td>
                <td>{key.expiresAt ? formatDate(key.expiresAt) : "Never"}</td>
                <td>
                  <span className={`status ${key.status}`}>{key.status}</span>
                </td>
                <td>{key.status === "active" ? <RevokeKeyButton id={key.id} name={key.name} /> : null}</td>
              </tr>
            ))}
          </DataTable>
        </section>
        <section className="panel" aria-labelledby="new-key">
          <h2 id="new-key">Create a key</h2>
          <CreateKeyForm />
        </section>
      </div>
    </div>
  );
}
