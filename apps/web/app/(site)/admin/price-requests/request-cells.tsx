import Link from "next/link";

/** The first two cells of a price-request row, waiting or decided: the plugin (linked, with its id) and its author (with the email when known). */
export function RequestCells({ request }: { request: { slug: string; name: string; author: { name: string; email: string | null } } }) {
  return (
    <>
      <td>
        <Link href={`/plugins/${encodeURIComponent(request.slug)}`}>{request.name}</Link>
        <br />
        <code>{request.slug}</code>
      </td>
      <td>
        {request.author.name}
        {request.author.email ? (
          <>
            <br />
            <small className="muted">{request.author.email}</small>
          </>
        ) : null}
      </td>
    </>
  );
}
