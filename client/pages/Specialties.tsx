import { t, tn, localized } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import type { Specialty } from "../catalog";
import type { RenderProps } from "../types";
import "./Home.css";

export interface SpecialtiesData {
  specialties: Specialty[];
}

/** Specialties is /doctors: every specialty with its number of doctors in the region. */
export function Specialties(props: RenderProps<SpecialtiesData>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const regionName = localized(lang, region.nameRu, region.nameUz);
  return (
    <>
      <PageHead
        title={t(lang, "specialties.title", { region: regionName })}
        description={t(lang, "specialties.description", { region: regionName })}
        url={props.url}
      />
      <h1>{t(lang, "specialties.heading")}</h1>
      <ul className="tile-list">
        {data.specialties.map((s) => (
          <li key={s.slug}>
            <a className="tile" href={href("specialty", { specialty: s.slug }, place)}>
              <span className="tile__title">{localized(lang, s.nameRu, s.nameUz)}</span>
              <span className="tile__count">{tn(lang, "doctors.count", s.doctorCount)}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
