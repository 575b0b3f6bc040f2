import type { Metadata } from "next";
import { formatDate } from "@/components/format";
import { api } from "@/lib/server/api";
import { requireCaller } from "@/lib/server/auth";
import { CreateKeyForm } from "./create-key-form";
import { RevokeKeyButton } from "./revoke-key-button";

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
      <div className="layout-2">
        <section className="panel" aria-labelledby="keys-title">
          <h2 id="keys-title">Your keys</h2>
          {items.length === 0 ? (
            <p className="muted">No keys yet.</p>
          ) : (
            <div className="table-wrap">
              <table className="data" aria-labelledby="keys-title">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Key</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Created</th>
                    <th scope="col">Last used</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((key) => (
                    <tr key={key.id} data-testid="key-row">
                      <td>{key.name}</td>
                      <td>
                        <code>{key.prefix}…</code>
                      </td>
                      <td>{key.scopes.join(", ")}</td>
                      <td>{formatDate(key.createdAt)}</td>
                      <td>{key.lastUsedAt ? formatDate(key.lastUsedAt) : "Never"}</td>
                      <td>{key.expiresAt ? formatDate(key.expiresAt) : "Never"}</td>
                      <td>
                        <span className={`status ${key.status}`}>{key.status}</span>
                      </td>
                      <td>{key.status === "active" ? <RevokeKeyButton id={key.id} name={key.name} /> : null}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="panel" aria-labelledby="new-key">
          <h2 id="new-key">Create a key</h2>
          <CreateKeyForm />
        </section>
      </div>
    </div>
  );
}
