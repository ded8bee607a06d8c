import { t } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Picture } from "../components/Picture";
import { imageURL } from "../lib/picture";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { ProductSummary, priceRange } from "../components/ProductSummary";
import { JsonLd } from "../components/JsonLd";
import { drugLD } from "../lib/structuredData";
import type { DetailPage } from "../gen/product";
import type { RenderProps } from "../types";
import "./Products.css";

/** Product is /product/{slug}: the medicine card with its analogues. */
export function Product(props: RenderProps<DetailPage>) {
  const { lang, region } = props;
  const p = props.data.product;
  const place = { lang, region: region.slug };
  const name = p.name;
  const inn = p.inn;
  const facts: [string, string][] = [
    [t(lang, "product.inn"), inn],
    [t(lang, "product.form"), p.form],
    [t(lang, "product.dosage"), p.dosage],
    [t(lang, "product.manufacturer"), `${p.manufacturer} (${p.country})`],
    [t(lang, "product.prescription"), t(lang, p.prescription ? "product.byPrescription" : "product.otc")],
    [t(lang, "product.price"), priceRange(lang, p.priceMin, p.priceMax)],
  ];
  return (
    <>
      <PageHead
        title={t(lang, "product.title", { name })}
        description={t(lang, "product.description", { name, inn })}
        url={props.url}
        noindex={props.noindex}
        image={p.image ? imageURL(p.image, "pack", 2) : undefined}
      />
      <JsonLd data={drugLD(p, lang, props.url)} />
      <Breadcrumbs
        lang={lang}
        url={props.url}
        items={[
          { href: href("home", {}, place), label: t(lang, "nav.home") },
          { href: href("products", {}, place), label: t(lang, "nav.medication") },
          { href: href("product-category", { slug: p.category.slug }, place), label: p.category.name },
        ]}
      />
      <h1 className="page-title">{name}</h1>
      <Picture className="product-pack" hash={p.image} size="pack" alt={t(lang, "product.pack", { name })} priority />
      <dl className="product-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <section>
        <h2>{t(lang, "product.about")}</h2>
        <p>{p.description}</p>
        <h2>{t(lang, "product.indications")}</h2>
        <p>{p.indications}</p>
        <h2>{t(lang, "product.contraindications")}</h2>
        <p>{p.contraindications}</p>
      </section>
      {p.tags.length > 0 && (
        <section>
          <h2>{t(lang, "product.tags")}</h2>
          <ul className="knowledge-links product-tags">
            {p.tags.map((tag) => (
              <li key={tag.slug}><a href={href("product-tag", { slug: tag.slug }, place)}>{tag.name}</a></li>
            ))}
          </ul>
        </section>
      )}
      <section className="product-analogues">
        <h2>{t(lang, "product.analogues", { inn })}</h2>
        {p.analogues.length === 0 ? (
          <p className="empty">{t(lang, "product.noAnalogues")}</p>
        ) : (
          <div className="product-list">
            {p.analogues.map((a) => (
              <ProductSummary key={a.id} product={a} lang={lang} region={region.slug} />
            ))}
          </div>
        )}
      </section>
      <p className="disclaimer" role="note">{t(lang, "product.disclaimer")}</p>
    </>
  );
}
