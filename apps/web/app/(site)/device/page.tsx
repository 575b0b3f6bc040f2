import { formatUserCode, normalizeUserCode, oauthPaths } from "@streamkit/api-contract";
import type { Metadata } from "next";
import { DeviceForm } from "@/components/oauth/device-form";
import { requireCaller } from "@/lib/server/auth";

export const metadata: Metadata = { title: "Connect a device", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * RFC 8628's verification_uri: the person types the code their device shows
 * (or arrives with it in `user_code` from verification_uri_complete), sees
 * what it asks for, and allows or denies it. Nothing is looked up on GET: the
 * code is only opened when they press Continue, so a link cannot answer for them.
 */
export default async function DevicePage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const typed = typeof params.user_code === "string" ? params.user_code.slice(0, 40) : "";
  // A well-formed code is kept through sign-in, written as the device shows it; anything else is dropped.
  const code = normalizeUserCode(typed);
  const prefilled = code ? formatUserCode(code) : "";
  const { account } = await requireCaller(prefilled ? `${oauthPaths.device}?${new URLSearchParams({ user_code: prefilled })}` : oauthPaths.device);
  return (
    <div className="container narrow">
      <section className="panel oauth-panel" aria-labelledby="device-title">
        <h1 id="device-title">Connect a device</h1>
        <p>
          Signed in as{" "}
          <strong>
            {account.name}
            {account.email ? ` (${account.email})` : ""}
          </strong>
          . Type the code the Streamkit app shows on your other computer.
        </p>
        <DeviceForm prefilled={prefilled} />
      </section>
    </div>
  );
}
