import { t, tn } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { Breadcrumbs } from "../components/Breadcrumbs";
import type { CategoriesPage } from "../gen/product";
import type { RenderProps } from "../types";
import "./Products.css";

/** ProductCategories is /products: the medicine categories and a link to the full list. */
export function ProductCategories(props: RenderProps<CategoriesPage>) {
  const { lang, region, data } = props;
  const place = { lang, region: region.slug };
  return (
    <>
      <PageHead title={t(lang, "products.title")} description={t(lang, "products.description")} url={props.url} noindex={props.noindex} />
      <Breadcrumbs lang={lang} url={props.url} items={[{ href: href("home", {}, place), label: t(lang, "nav.home") }]} />
      <h1 className="page-title">{t(lang, "products.heading")}</h1>
      <p><a href={href("product-list", {}, place)}>{t(lang, "products.all")}</a></p>
      <ul className="product-categories">
        {data.categories.map((c) => (
          <li key={c.slug}>
            <a href={href("product-category", { slug: c.slug }, place)}>{c.name}</a>
            <span className="product-categories__count">{tn(lang, "products.count", c.count)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
