import type { ComponentType } from "react";
import { Home } from "./Home";
import { Specialties } from "./Specialties";
import { DoctorList } from "./DoctorList";
import { Doctor } from "./Doctor";
import { ErrorPage } from "./ErrorPage";
import { ClinicIndex } from "./ClinicIndex";
import { ClinicList } from "./ClinicList";
import { Clinic } from "./Clinic";
import { ServiceIndex } from "./ServiceIndex";
import { ServiceClinics } from "./ServiceClinics";
import type { RenderProps } from "../types";

/**
 * pages maps the page names of shared/routes.json to components. Adding a
 * page: a route in the table, a component here, a loader in its Go domain.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const pages: Record<string, ComponentType<RenderProps<any>>> = {
  Home,
  Specialties,
  DoctorList,
  Doctor,
  ClinicIndex,
  ClinicList,
  Clinic,
  ServiceIndex,
  ServiceClinics,
  Error: ErrorPage,
};
