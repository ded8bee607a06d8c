// Types of the catalog data the Go loaders send (server/catalog JSON tags).
export interface SpecialtyRef {
  slug: string;
  nameRu: string;
  nameUz: string;
}

export interface Specialty extends SpecialtyRef {
  id: number;
  childrenNameRu: string;
  childrenNameUz: string;
  descriptionRu: string;
  descriptionUz: string;
  doctorCount: number;
}

export interface ClinicRef {
  slug: string;
  nameRu: string;
  nameUz: string;
  addressRu: string;
  addressUz: string;
  price: number;
}

export interface DoctorSummary {
  id: number;
  slug: string;
  nameRu: string;
  nameUz: string;
  photo: string;
  experienceYears: number;
  categoryRu: string;
  categoryUz: string;
  rating: number;
  reviewCount: number;
  specialties: SpecialtyRef[];
  clinics: ClinicRef[];
  minPrice: number;
}

export interface Doctor extends DoctorSummary {
  descriptionRu: string;
  descriptionUz: string;
  degreeRu: string;
  degreeUz: string;
  acceptsChildren: boolean;
  acceptsAdults: boolean;
}

/** Named is a clinic type, specialisation or district (server/catalog Named). */
export interface Named {
  id: number;
  slug: string;
  nameRu: string;
  nameUz: string;
  count: number;
}

/** ClinicCard is a clinic as a listing shows it; prices are 0 when not listed. */
export interface ClinicCard {
  id: number;
  slug: string;
  nameRu: string;
  nameUz: string;
  addressRu: string;
  addressUz: string;
  landmarkRu: string;
  landmarkUz: string;
  districtRu: string;
  districtUz: string;
  phone: string;
  rating: number;
  reviewCount: number;
  isState: boolean;
  typeSlug: string;
  typeRu: string;
  typeUz: string;
  priceFrom: number;
  priceTo: number;
}

/** Hours are one weekday's (1 Monday .. 7 Sunday) hours in minutes after midnight. */
export interface Hours {
  weekday: number;
  opens: number;
  closes: number;
}

export interface Price {
  kind: string;
  slug: string;
  nameRu: string;
  nameUz: string;
  priceFrom: number;
  priceTo: number;
}

export interface PriceCategory {
  kind: string;
  slug: string;
  nameRu: string;
  nameUz: string;
  items: Price[];
}

export interface Clinic extends ClinicCard {
  /** The clinic's region, which its card's URL does not carry. */
  regionRu: string;
  regionUz: string;
  descriptionRu: string;
  descriptionUz: string;
  latitude: number;
  longitude: number;
  phones: string[];
  photos: string[];
  hours: Hours[];
  openNow: boolean;
  roundTheClock: boolean;
  profiles: Named[];
  branches: ClinicCard[];
  doctors: DoctorSummary[];
  prices: PriceCategory[];
}

/** ServiceItem is a node of a services tree with its clinics in the region. */
export interface ServiceItem {
  id: number;
  slug: string;
  nameRu: string;
  nameUz: string;
  clinicCount: number;
  minPrice: number;
}

export interface ServiceCategory extends ServiceItem {
  items: ServiceItem[];
}

/** ServiceKind names the three trees: services, diagnostics, analyses. */
export type ServiceKind = "service" | "diagnostic" | "analysis";

export interface Service {
  id: number;
  kind: ServiceKind;
  slug: string;
  nameRu: string;
  nameUz: string;
  descriptionRu: string;
  descriptionUz: string;
  preparationRu: string;
  preparationUz: string;
  turnaroundHours: number;
  parent: ServiceItem | null;
  children: ServiceItem[];
}

/** ListingFilters are a clinic listing's query values in force. */
export interface ListingFilters {
  district: string;
  type: string;
  open: string;
  sort: string;
}

/** ClinicListing is the data every clinic listing page shares. */
export interface ClinicListing {
  clinics: ClinicCard[];
  total: number;
  /** The listed service's lowest and highest price over every match, not only this page's; 0 when unpriced. */
  priceLow: number;
  priceHigh: number;
  page: number;
  perPage: number;
  filters: ListingFilters;
  districts: Named[];
  types: Named[];
  priced: boolean;
  district: Named | null;
}
