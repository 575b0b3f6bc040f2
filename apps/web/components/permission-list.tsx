import { getPermission, isPermission } from "@streamkit/plugin-rules/permissions";

/** Every permission a plugin asks for, with what it lets the plugin do in plain words. */
export function PermissionList({ permissions }: { permissions: string[] }) {
  if (permissions.length === 0) {
    return <p className="muted">This plugin asks for no permissions: it cannot read chat, reach the internet or change your stream.</p>;
  }
  return (
    <ul className="permission-list">
      {permissions.map((name) => {
        const info = isPermission(name) ? getPermission(name) : null;
        return (
          <li key={name}>
            <strong>{info?.title ?? name}</strong>
            <p>{info?.summary ?? "A permission this version of the marketplace does not describe yet."}</p>
            <code>{name}</code>
          </li>
        );
      })}
    </ul>
  );
}
