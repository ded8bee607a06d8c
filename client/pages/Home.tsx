import { t } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { SpecialtyTiles } from "../components/SpecialtyTiles";
import type { HomePage } from "../gen/catalog";
import type { RenderProps } from "../types";
import "./Home.css";

/** Home is / and /{region}: the most-staffed specialties of the region. */
export function Home(props: RenderProps<HomePage>) {
  const { lang, region, data } = props;
  const regionName = region.name;
  return (
    <>
      <PageHead title={t(lang, "home.title", { region: regionName })} description={t(lang, "site.description")} url={props.url} />
      <section className="hero">
        <h1>{t(lang, "home.heading")}</h1>
        <p>{t(lang, "home.lead", { region: regionName })}</p>
      </section>
      <section>
        <h2>{t(lang, "home.specialties")}</h2>
        <SpecialtyTiles specialties={data.specialties} lang={lang} region={region.slug} />
        <p>
          <a href={href("doctors", {}, { lang, region: region.slug })}>{t(lang, "home.allSpecialties")} →</a>
        </p>
      </section>
    </>
  );
}
