import { tn, type Lang } from "../lib/i18n";
import { href } from "../lib/href";
import type { SpecialtyText as Specialty } from "../gen/catalog";
import { specialtyIcon } from "./specialtyIcons";
import "./SpecialtyTiles.css";

/** SpecialtyTiles links each specialty's listing with its icon and its number of doctors. */
export function SpecialtyTiles({ specialties, lang, region }: { specialties: Specialty[]; lang: Lang; region: string }) {
  return (
    <ul className="tile-list">
      {specialties.map((s) => (
        <li key={s.slug}>
          <a className="tile" href={href("specialty", { specialty: s.slug }, { lang, region })}>
            <span className="tile__icon" dangerouslySetInnerHTML={{ __html: specialtyIcon(s.slug) }} />
            <span className="tile__title">{s.name}</span>
            <span className="tile__count">{tn(lang, "doctors.count", s.doctorCount)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
