export function VerifiedMark() {
  return (
    <span className="verified" role="img" aria-label="Verified publisher" title="Verified publisher">
      ✓
    </span>
  );
}
