import { t, tn, type Lang } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ClinicListing } from "../components/ClinicListing";
import type { ClinicListPage } from "../gen/catalog";
import type { RenderProps } from "../types";
import "./DoctorList.css";

function subjectName(lang: Lang, data: ClinicListPage): string {
  switch (data.by) {
    case "all":
      return t(lang, "clinics.all");
    case "ownership":
      return t(lang, data.subject?.slug === "gosudarstvennye" ? "clinics.state" : "clinics.private");
    default: {
      const s = data.subject!;
      const name = s.name;
      return data.by === "profile" ? `${t(lang, "clinics.heading")}: ${name}` : name;
    }
  }
}

/**
 * ClinicList is every clinic listing of /kliniki: all clinics, by type,
 * by ownership, by district, by specialisation (and district).
 */
export function ClinicList(props: RenderProps<ClinicListPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const regionName = region.name;
  let subject = subjectName(lang, data);
  if (data.district) subject = t(lang, "clinics.inDistrict", { subject, district: data.district.name });
  const count = tn(lang, "clinics.count", data.total);
  return (
    <>
      <PageHead
        title={t(lang, "clinics.listTitle", { subject, region: regionName, count })}
        description={t(lang, "clinics.listDescription", { subject, region: regionName, count })}
        url={props.url}
        noindex={props.noindex}
        paging={{ lang, page: data.page }}
      />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }, { href: href("clinics", {}, place), label: t(lang, "nav.clinics") }]} />
      <h1 className="page-title">{t(lang, "clinics.listHeading", { subject, region: regionName })}</h1>
      <ClinicListing
        lang={lang}
        region={region.slug}
        route={props.route}
        params={props.params}
        listing={data}
        hide={{ type: data.by === "type", district: data.by === "district" || data.district !== null }}
      />
    </>
  );
}
