// schema.org structured data of the entity pages, built from the page's data
// only: JsonLd drops the fields a record leaves empty.
import { t, type Lang } from "./i18n";
import { href, type Place } from "./href";
import { lookupTable } from "./lookup";
import type { Clinic, ClinicListing, Doctor, Hours, Service, ServiceKind, SpecialtyRef } from "../gen/catalog";
import type { Product } from "../gen/product";
import type { Promotion } from "../gen/promotion";
import type { Post } from "../gen/content";
import type { EntryPage as KnowledgeEntryData } from "../gen/knowledge";
import type { PageURL } from "../types";

const SCHEMA = "https://schema.org/";

/** clinicTypes maps clinic_types slugs to a schema.org type; MedicalClinic otherwise. */
const clinicTypes = lookupTable<string>({
  bolnitsy: "Hospital",
  roddoma: "Hospital",
  laboratorii: "DiagnosticLab",
  "diagnosticheskie-centry": "DiagnosticLab",
  stomatologii: "Dentist",
});

/** clinicType is the schema.org type of a clinic of the given type slug. */
export function clinicType(typeSlug: string): string {
  return clinicTypes[typeSlug] ?? "MedicalClinic";
}

/**
 * specialties maps our specialty slugs to schema.org MedicalSpecialty
 * members; a specialty with no counterpart there (allergology,
 * ophthalmology, cosmetology ...) is left out rather than approximated.
 */
const specialties = lookupTable<string>({
  terapevt: "PrimaryCare",
  kardiolog: "Cardiovascular",
  pediatr: "Pediatric",
  nevrolog: "Neurologic",
  ginekolog: "Gynecologic",
  stomatolog: "Dentistry",
  lor: "Otolaryngologic",
  urolog: "Urologic",
  endokrinolog: "Endocrine",
  dermatolog: "Dermatology",
  xirurg: "Surgical",
  "travmatolog-ortoped": "Musculoskeletal",
  gastroenterolog: "Gastroenterologic",
  psixiatr: "Psychiatric",
  onkolog: "Oncologic",
  revmatolog: "Rheumatologic",
  nefrolog: "Renal",
  pulmonolog: "Pulmonary",
  logoped: "SpeechPathology",
  fizioterapevt: "Physiotherapy",
  dietolog: "DietNutrition",
  infeksionist: "Infectious",
  gematolog: "Hematologic",
});

/** medicalSpecialties lists the schema.org specialties of refs that have one, each once. */
export function medicalSpecialties(refs: SpecialtyRef[]): string[] {
  const out: string[] = [];
  for (const r of refs) {
    const s = specialties[r.slug];
    if (s && !out.includes(SCHEMA + s)) out.push(SCHEMA + s);
  }
  return out;
}

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** hhmm writes minutes after midnight as 08:00; the end of the day, 1440, as 23:59. */
function hhmm(min: number): string {
  if (min >= 1440) return "23:59";
  const h = Math.floor(min / 60);
  const m = min % 60;
  return `${h < 10 ? "0" : ""}${h}:${m < 10 ? "0" : ""}${m}`;
}

/**
 * openingHours groups the weekly hours into one specification per distinct
 * opening and closing time; days without hours are closed and not listed.
 */
export function openingHours(hours: Hours[]): Record<string, unknown>[] {
  const groups: { opens: string; closes: string; days: string[] }[] = [];
  for (const h of hours) {
    const opens = hhmm(h.opens);
    const closes = hhmm(h.closes);
    let g = groups.find((x) => x.opens === opens && x.closes === closes);
    if (!g) {
      g = { opens, closes, days: [] };
      groups.push(g);
    }
    g.days.push(SCHEMA + weekdays[h.weekday - 1]);
  }
  return groups.map((g) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: g.days, opens: g.opens, closes: g.closes }));
}

function absolute(origin: string, path: string): string {
  return path.startsWith("/") ? origin + path : path;
}

function rating(value: number, count: number): Record<string, unknown> | undefined {
  if (count <= 0) return undefined;
  return { "@type": "AggregateRating", ratingValue: value, reviewCount: count, bestRating: 5, worstRating: 1 };
}

/** clinicLD is a clinic card's MedicalClinic, Hospital, DiagnosticLab or Dentist. */
export function clinicLD(c: Clinic, lang: Lang, url: PageURL): Record<string, unknown> {
  const place: Place = { lang, region: "" };
  return {
    "@context": "https://schema.org",
    "@type": clinicType(c.typeSlug),
    name: c.name,
    description: c.description,
    url: url.origin + href("clinic", { slug: c.slug }, place),
    image: c.photos.map((p) => absolute(url.origin, p)),
    telephone: c.phones[0] ?? c.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: c.address,
      addressLocality: c.region,
      addressCountry: "UZ",
    },
    geo: c.latitude !== 0 || c.longitude !== 0 ? { "@type": "GeoCoordinates", latitude: c.latitude, longitude: c.longitude } : undefined,
    openingHoursSpecification: openingHours(c.hours),
    aggregateRating: rating(c.rating, c.reviewCount),
  };
}

/** physicianLD is a doctor card's Physician, located at the clinics the doctor receives at. */
export function physicianLD(d: Doctor, lang: Lang, url: PageURL): Record<string, unknown> {
  const place: Place = { lang, region: "" };
  const address = (street: string) => ({ "@type": "PostalAddress", streetAddress: street, addressCountry: "UZ" });
  return {
    "@context": "https://schema.org",
    "@type": "Physician",
    name: d.name,
    medicalSpecialty: d.specialties.map((s) => s.name).join(", "),
    url: url.canonical,
    image: d.photo ? absolute(url.origin, d.photo) : undefined,
    address: d.clinics[0] ? address(d.clinics[0].address) : undefined,
    location: d.clinics.map((c) => ({
      "@type": "MedicalClinic",
      name: c.name,
      url: url.origin + href("clinic", { slug: c.slug }, place),
      address: address(c.address),
    })),
    aggregateRating: rating(d.rating, d.reviewCount),
  };
}

/** drugLD is a medicine card's Drug; offers only when the medicine has prices. */
export function drugLD(p: Product, lang: Lang, url: PageURL): Record<string, unknown> {
  const place: Place = { lang, region: "" };
  return {
    "@context": "https://schema.org",
    "@type": "Drug",
    name: p.name,
    nonProprietaryName: p.inn,
    dosageForm: p.form,
    description: p.description,
    url: url.canonical,
    manufacturer: p.manufacturer ? { "@type": "Organization", name: p.manufacturer } : undefined,
    prescriptionStatus: SCHEMA + (p.prescription ? "PrescriptionOnly" : "OTC"),
    drugClass: { "@type": "DrugClass", name: p.category.name },
    offers:
      p.priceMin > 0
        ? { "@type": "AggregateOffer", priceCurrency: "UZS", lowPrice: p.priceMin, highPrice: Math.max(p.priceMin, p.priceMax) }
        : undefined,
    relatedDrug: p.analogues.map((a) => ({
      "@type": "Drug",
      name: a.name,
      url: url.origin + href("product", { slug: a.slug }, place),
    })),
  };
}

/**
 * knowledgeLD is a disease page's MedicalCondition, with its symptoms, or a
 * symptom page's MedicalSymptom; both name the specialties that treat them.
 */
export function knowledgeLD(data: KnowledgeEntryData, disease: boolean, lang: Lang, region: string, url: PageURL): Record<string, unknown> {
  const place: Place = { lang, region };
  const e = data.entry;
  return {
    "@context": "https://schema.org",
    "@type": disease ? "MedicalCondition" : "MedicalSymptom",
    name: e.name,
    description: e.description,
    url: url.canonical,
    signOrSymptom: disease
      ? data.linked.map((l) => ({ "@type": "MedicalSymptom", name: l.name, url: url.origin + href("symptom", { slug: l.slug }, place) }))
      : undefined,
    relevantSpecialty: medicalSpecialties(data.specialties),
  };
}

/**
 * serviceTypes are the schema.org types of the three trees. Diagnostics
 * (ultrasound, MRI, CT, X-ray, ECG) are DiagnosticProcedure, the
 * MedicalProcedure "intended primarily for diagnostic purposes"; analyses
 * are laboratory tests, MedicalTest.
 */
const serviceTypes: Record<ServiceKind, string> = {
  service: "MedicalProcedure",
  diagnostic: "DiagnosticProcedure",
  analysis: "MedicalTest",
};

/**
 * serviceLD is a service, diagnostic or analysis item's procedure or test,
 * with the clinics of the listing that price it as an AggregateOffer in
 * area (the name of the region or district the listing covers): its range
 * and count span every clinic of the listing, not only the page shown.
 * schema.org lists offers on Product and Service rather than on medical
 * entities, but allows it on any type. A category (an item list,
 * priced over different items) has none: it is not one procedure.
 */
export function serviceLD(s: Service, listing: ClinicListing, area: string, lang: Lang, url: PageURL): Record<string, unknown> | undefined {
  if (s.children.length > 0) return undefined;
  const priced = listing.total > 0 && listing.priceLow > 0;
  return {
    "@context": "https://schema.org",
    "@type": serviceTypes[s.kind],
    name: s.name,
    description: s.description,
    url: url.canonical,
    offers: priced
      ? {
          "@type": "AggregateOffer",
          priceCurrency: "UZS",
          lowPrice: listing.priceLow,
          highPrice: Math.max(listing.priceLow, listing.priceHigh),
          offerCount: listing.total,
          areaServed: { "@type": "AdministrativeArea", name: area },
        }
      : undefined,
  };
}

/**
 * promotionLD is a promotion's Offer: the clinic's discounted price for
 * the promotion's dates, the old price as the strikethrough one. Not a
 * SaleEvent: that is an Event, something happening at a place and time one
 * attends, while a promotion is a price a clinic grants for a period,
 * which is what Offer's validFrom and validThrough state.
 */
export function promotionLD(p: Promotion, lang: Lang, url: PageURL): Record<string, unknown> {
  const place: Place = { lang, region: "" };
  return {
    "@context": "https://schema.org",
    "@type": "Offer",
    name: p.title,
    description: p.description,
    url: url.canonical,
    price: p.newPrice,
    priceCurrency: "UZS",
    priceSpecification:
      p.oldPrice > p.newPrice
        ? { "@type": "UnitPriceSpecification", priceType: SCHEMA + "StrikethroughPrice", price: p.oldPrice, priceCurrency: "UZS" }
        : undefined,
    validFrom: p.startsOn,
    validThrough: p.endsOn,
    offeredBy: {
      "@type": "MedicalClinic",
      name: p.clinic.name,
      url: url.origin + href("clinic", { slug: p.clinic.slug }, place),
      address: { "@type": "PostalAddress", streetAddress: p.clinic.address, addressCountry: "UZ" },
      telephone: p.clinic.phone,
    },
  };
}

/**
 * postLD is an article's Article, or a news item's NewsArticle (press
 * mentions, also news, have no page of their own), published by the site.
 * Posts carry no picture and no revision date, so neither is stated; the
 * author is left out because the data writes people and the editors alike
 * as one line ("name, specialty"), which no Person or Organization fits.
 */
export function postLD(p: Post, lang: Lang, url: PageURL): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": p.kind === "article" ? "Article" : "NewsArticle",
    headline: p.title,
    description: p.summary,
    datePublished: p.publishedOn,
    inLanguage: lang,
    url: url.canonical,
    mainEntityOfPage: { "@type": "WebPage", "@id": url.canonical },
    publisher: { "@type": "Organization", name: t(lang, "site.name"), url: url.origin + href("home", {}, { lang, region: "" }) },
  };
}
