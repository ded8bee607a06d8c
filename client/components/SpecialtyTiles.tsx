import { tn, localized, type Lang } from "../lib/i18n";
import { href } from "../lib/href";
import type { Specialty } from "../gen/catalog";
import "./SpecialtyTiles.css";

/** SpecialtyTiles links each specialty's listing with its number of doctors. */
export function SpecialtyTiles({ specialties, lang, region }: { specialties: Specialty[]; lang: Lang; region: string }) {
  return (
    <ul className="tile-list">
      {specialties.map((s) => (
        <li key={s.slug}>
          <a className="tile" href={href("specialty", { specialty: s.slug }, { lang, region })}>
            <span className="tile__title">{localized(lang, s.nameRu, s.nameUz)}</span>
            <span className="tile__count">{tn(lang, "doctors.count", s.doctorCount)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
