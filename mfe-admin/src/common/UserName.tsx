/** A user as operators know them: the name (username, else e-mail), with the id on hover; the id alone when no name is known. */
export function UserName({ id, name }: { id: string; name?: string | null }) {
  if (!name) return <span className="font-mono text-xs">{id}</span>;
  return <span title={id}>{name}</span>;
}
