import { t } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { DoctorSummary } from "../components/DoctorSummary";
import { BookingForm } from "../components/islands";
import { CardFreeTimes } from "../components/FreeTimes";
import { JsonLd } from "../components/JsonLd";
import { knowledgeLD } from "../lib/structuredData";
import type { EntryPage } from "../gen/knowledge";
import type { RenderProps } from "../types";
import "./Knowledge.css";

/**
 * KnowledgeEntry is /bolezn/{slug} and /simptom/{slug}: the description, the
 * linked symptoms or diseases, the specialties that treat it and their top
 * doctors in the visitor's region, and the medical disclaimer.
 */
export function KnowledgeEntry(props: RenderProps<EntryPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  const regionName = region.name;
  const disease = props.route === "disease";
  const e = data.entry;
  const name = e.name;
  const description = e.description;
  const linkedRoute = disease ? "symptom" : "disease";
  return (
    <>
      <PageHead
        title={t(lang, disease ? "knowledge.disease.title" : "knowledge.symptom.title", { name, region: regionName })}
        description={description}
        url={props.url}
        noindex={props.noindex}
      />
      <JsonLd data={knowledgeLD(data, disease, lang, region.slug, props.url)} />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }, { href: href(disease ? "diseases" : "symptoms", {}, place), label: t(lang, disease ? "nav.diseases" : "nav.symptoms") }]} />
      <h1 className="page-title">{name}</h1>
      <p className="knowledge-description">{description}</p>
      {data.linked.length > 0 && (
        <section className="knowledge-linked">
          <h2>{t(lang, disease ? "knowledge.disease.symptoms" : "knowledge.symptom.diseases")}</h2>
          <ul className="knowledge-links">
            {data.linked.map((l) => (
              <li key={l.id}>
                <a href={href(linkedRoute, { slug: l.slug }, place)}>{l.name}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.specialties.length > 0 && (
        <section className="knowledge-specialties">
          <h2>{t(lang, "knowledge.specialties")}</h2>
          <ul className="knowledge-links">
            {data.specialties.map((s) => (
              <li key={s.slug}>
                <a href={href("specialty", { specialty: s.slug }, place)}>{s.name}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="knowledge-doctors">
        <h2>{t(lang, "knowledge.doctors", { region: regionName })}</h2>
        {data.doctors.length === 0 ? (
          <p className="empty">{t(lang, "knowledge.noDoctors")}</p>
        ) : (
          <div className="doctor-list">
            {data.doctors.map((d) => (
              <DoctorSummary key={d.id} doctor={d} lang={lang} />
            ))}
            <CardFreeTimes lang={lang} />
            <BookingForm hydrate="demand" lang={lang} />
          </div>
        )}
      </section>
      <p className="disclaimer" role="note">{t(lang, "knowledge.disclaimer")}</p>
    </>
  );
}
