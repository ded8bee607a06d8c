import { t, tn, type Lang } from "../lib/i18n";
import { href } from "../lib/href";
import type { Specialty } from "../gen/catalog";
import { specialtyIcon } from "./specialtyIcons";
import "./SpecialtyTiles.css";

/**
 * SpecialtyTiles links each specialty's listing with its icon and its
 * number of doctors. Specialties without a doctor in the region are no
 * tiles leading to an empty list: they are named once, below, plainly.
 */
export function SpecialtyTiles({ specialties, lang, region }: { specialties: Specialty[]; lang: Lang; region: string }) {
  const empty = specialties.filter((s) => s.doctorCount === 0);
  return (
    <>
      <ul className="tile-list">
        {specialties
          .filter((s) => s.doctorCount > 0)
          .map((s) => (
            <li key={s.slug}>
              <a className="tile" href={href("specialty", { specialty: s.slug }, { lang, region })}>
                <span className="tile__icon" dangerouslySetInnerHTML={{ __html: specialtyIcon(s.slug) }} />
                <span className="tile__title">{s.name}</span>
                <span className="tile__count">{tn(lang, "doctors.count", s.doctorCount)}</span>
              </a>
            </li>
          ))}
      </ul>
      {empty.length > 0 && (
        <p className="tile-list__none">
          {t(lang, "specialties.noneHere")} {empty.map((s) => s.name).join(", ")}.
        </p>
      )}
    </>
  );
}
