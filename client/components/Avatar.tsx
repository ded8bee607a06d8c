import "./Avatar.css";

/** Avatar shows a doctor's photo, or the initials when there is none. */
export function Avatar({ name, photo }: { name: string; photo: string }) {
  if (photo) return <img className="avatar" src={photo} alt={name} width={96} height={96} loading="lazy" decoding="async" />;
  const initials = name.split(/\s+/).slice(0, 2).map((p) => p.charAt(0)).join("");
  return (
    <span className="avatar avatar--initials" aria-hidden="true">
      {initials}
    </span>
  );
}
