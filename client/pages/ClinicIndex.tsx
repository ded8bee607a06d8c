import { t, tn } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import type { ClinicIndexPage } from "../gen/catalog";
import type { RenderProps } from "../types";
import "../components/SpecialtyTiles.css";

/** ClinicIndex is /kliniki: clinic types and specialisations with their number of clinics in the region. */
export function ClinicIndex(props: RenderProps<ClinicIndexPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const regionName = region.name;
  return (
    <>
      <PageHead
        title={t(lang, "clinics.title", { region: regionName })}
        description={t(lang, "clinics.description", { region: regionName })}
        url={props.url}
        noindex={props.noindex}
      />
      <h1 className="page-title">{t(lang, "clinics.listHeading", { subject: t(lang, "clinics.heading"), region: regionName })}</h1>
      <p>
        <a className="button" href={href("clinics-all", {}, place)}>{t(lang, "clinics.all")}</a>
      </p>
      <h2>{t(lang, "clinics.types")}</h2>
      <ul className="tile-list clinic-types">
        {data.types.map((ty) => (
          <li key={ty.slug}>
            <a className="tile" href={href("clinics-type", { type: ty.slug }, place)}>
              <span className="tile__title">{ty.name}</span>
              <span className="tile__count">{tn(lang, "clinics.count", ty.count)}</span>
            </a>
          </li>
        ))}
      </ul>
      <h2>{t(lang, "clinics.ownership")}</h2>
      <ul className="tile-list">
        <li><a className="tile" href={href("clinics-ownership", { ownership: "gosudarstvennye" }, place)}><span className="tile__title">{t(lang, "clinics.state")}</span></a></li>
        <li><a className="tile" href={href("clinics-ownership", { ownership: "chastnye" }, place)}><span className="tile__title">{t(lang, "clinics.private")}</span></a></li>
      </ul>
      <h2>{t(lang, "clinics.profiles")}</h2>
      <ul className="tile-list clinic-profiles">
        {data.profiles.map((p) => (
          <li key={p.slug}>
            <a className="tile" href={href("clinics-profile", { profile: p.slug }, place)}>
              <span className="tile__title">{p.name}</span>
              <span className="tile__count">{tn(lang, "clinics.count", p.count)}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
