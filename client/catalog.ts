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
