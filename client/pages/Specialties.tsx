import { t } from "../lib/i18n";
import { PageHead } from "../components/PageHead";
import { SpecialtyTiles } from "../components/SpecialtyTiles";
import type { SpecialtiesPage } from "../gen/catalog";
import type { RenderProps } from "../types";

/** Specialties is /doctors: every specialty with its number of doctors in the region. */
export function Specialties(props: RenderProps<SpecialtiesPage>) {
  const { lang, region, data } = props;
  const regionName = region.name;
  return (
    <>
      <PageHead
        title={t(lang, "specialties.title", { region: regionName })}
        description={t(lang, "specialties.description", { region: regionName })}
        url={props.url}
      />
      <h1>{t(lang, "specialties.heading")}</h1>
      <SpecialtyTiles specialties={data.specialties} lang={lang} region={region.slug} />
    </>
  );
}
