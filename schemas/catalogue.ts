import { Type, type Static } from 'typebox';
import { OrderType, PromoCode } from './discovery';
import { Pagination, PagingQuery } from './envelope';

/**
 * Reference and catalogue shapes of spec section 7. Names are localized on the server from the
 * request's languageId (1 English, 2 Vietnamese), else x-accept-language, else the tenant default.
 */
const Id = Type.Integer({ minimum: 1 });
const Named = { name: Type.String() };

export const Language = Type.Object({
  languageId: Id,
  shortName: Type.String(),
  name: Type.String(),
  isActive: Type.Boolean(),
});
export const Country = Type.Object({
  countryId: Id,
  code: Type.String(),
  name: Type.String(),
  phoneCode: Type.String(),
});
export const State = Type.Object({ stateId: Id, countryId: Id, ...Named });
export const City = Type.Object({ cityId: Id, stateId: Id, ...Named });
export const Relation = Type.Object({ relationId: Id, ...Named });
export const ServiceType = Type.Object({ serviceTypeId: Type.Integer({ minimum: 0 }), ...Named });
export const Speciality = Type.Object({
  specialityId: Id,
  ...Named,
  description: Type.String(),
  icon: Type.String(),
  doctorCount: Type.Integer(),
});
export const Symptom = Type.Object({
  symptomId: Id,
  ...Named,
  specialityId: Type.Union([Id, Type.Null()]),
  icon: Type.String(),
});
export const Hospital = Type.Object({
  hospitalId: Id,
  name: Type.String(),
  address: Type.String(),
  cityId: Type.Union([Id, Type.Null()]),
  cityName: Type.String(),
  image: Type.String(),
  rating: Type.Number(),
  contactNumber: Type.String(),
  doctorCount: Type.Integer(),
});
export const Banner = Type.Object({
  bannerId: Id,
  title: Type.String(),
  subtitle: Type.String(),
  image: Type.String(),
  link: Type.String(),
});
export const Promotional = Type.Object({
  promotionalId: Id,
  title: Type.String(),
  description: Type.String(),
  image: Type.String(),
  link: Type.String(),
  /** The promo code the card advertises: its title, description, rule and /offer-detail link. */
  offer: Type.Union([PromoCode, Type.Null()]),
});
/** One line of the price list: a hospital's fees for one speciality and visit kind (VND). */
export const ServicePrice = Type.Object({
  hospitalId: Id,
  hospitalName: Type.String(),
  specialityId: Id,
  specialityName: Type.String(),
  serviceTypeId: Type.Integer({ minimum: 0, maximum: 2 }),
  minPrice: Type.Integer(),
  maxPrice: Type.Integer(),
  doctorCount: Type.Integer(),
});
export const Testimonial = Type.Object({
  testimonialId: Id,
  authorName: Type.String(),
  content: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  avatar: Type.String(),
});
export const Content = Type.Object({
  contentId: Id,
  languageId: Id,
  title: Type.String(),
  bodyHtml: Type.String(),
});
export const MembershipPackage = Type.Object({
  membershipPackageId: Id,
  ...Named,
  numberOfCalls: Type.Integer(),
  validityMonths: Type.Integer(),
  callDurationMinutes: Type.Integer(),
  freeCalls: Type.Integer(),
  freeAppointments: Type.Integer(),
  price: Type.Integer(),
});
export const IomtPackage = Type.Object({
  iomtPackageId: Id,
  ...Named,
  description: Type.String(),
  devices: Type.String(),
  durationMonths: Type.Integer(),
  price: Type.Integer(),
});

/** A doctor as a list card. nextAvailableSlot is an ISO instant or null. Prices in VND. */
const doctorCardProperties = {
  doctorId: Id,
  fullName: Type.String(),
  title: Type.String(),
  gender: Type.Union([Type.Literal('M'), Type.Literal('F')]),
  photo: Type.String(),
  experienceYears: Type.Integer(),
  rating: Type.Number(),
  ratingCount: Type.Integer(),
  cityName: Type.String(),
  specialities: Type.Array(Type.Object({ specialityId: Id, name: Type.String() })),
  hospitals: Type.Array(Type.Object({ hospitalId: Id, name: Type.String() })),
  languages: Type.Array(Type.Object({ languageId: Id, name: Type.String() })),
  prices: Type.Array(Type.Object({ serviceTypeId: Type.Integer(), price: Type.Integer() })),
  nextAvailableSlot: Type.Union([Type.String(), Type.Null()]),
};
export const DoctorCard = Type.Object(doctorCardProperties);
export const DoctorDetail = Type.Object({ ...doctorCardProperties, biography: Type.String() });

/**
 * POST /Doctors/FilterDoctors body (spec section 3). orderBy: DESC (default) or ASC; orderType,
 * searchText and healthProgramId are documented in schemas/discovery.ts.
 */
export const FilterDoctorsRequest = Type.Object({
  cityId: Type.Optional(Type.Union([Id, Type.Null()])),
  pageNumber: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100000, default: 1, 'x-message': 'invalid_page_number' }),
  ),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 15, 'x-message': 'invalid_page_size' }),
  ),
  orderType: Type.Optional(OrderType),
  searchText: Type.Optional(Type.String({ maxLength: 100, 'x-message': 'invalid_search_text' })),
  healthProgramId: Type.Optional(Type.Union([Id, Type.Null()])),
  gender: Type.Optional(Type.Array(Type.Union([Type.Literal('M'), Type.Literal('F')]), { maxItems: 2 })),
  orderBy: Type.Optional(Type.Union([Type.Literal('DESC'), Type.Literal('ASC')], { default: 'DESC' })),
  doctorId: Type.Optional(Type.Union([Id, Type.Null()])),
  hospitals: Type.Optional(Type.Array(Id, { maxItems: 50 })),
  languages: Type.Optional(Type.Array(Id, { maxItems: 20 })),
  specialities: Type.Optional(Type.Array(Id, { maxItems: 50 })),
  symptoms: Type.Optional(Type.Array(Id, { maxItems: 50 })),
  serviceTypes: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 2 }), { maxItems: 3 })),
  experiences: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 80 }), { maxItems: 10 })),
});
export type FilterDoctorsRequest = Static<typeof FilterDoctorsRequest>;
export const FilterDoctorsResponse = Type.Object({ doctors: Type.Array(DoctorCard), pagination: Pagination });
export const HospitalsQuery = Type.Object({
  CityId: Type.Optional(Id),
  Name: Type.Optional(Type.String({ maxLength: 100 })),
  ...PagingQuery,
});
export const HospitalsResponse = Type.Object({ hospitals: Type.Array(Hospital), pagination: Pagination });

export type Language = Static<typeof Language>;
export type Country = Static<typeof Country>;
export type State = Static<typeof State>;
export type City = Static<typeof City>;
export type Relation = Static<typeof Relation>;
export type ServiceType = Static<typeof ServiceType>;
export type Speciality = Static<typeof Speciality>;
export type Symptom = Static<typeof Symptom>;
export type Hospital = Static<typeof Hospital>;
export type Banner = Static<typeof Banner>;
export type Promotional = Static<typeof Promotional>;
export type Testimonial = Static<typeof Testimonial>;
export type ServicePrice = Static<typeof ServicePrice>;
export type Content = Static<typeof Content>;
export type MembershipPackage = Static<typeof MembershipPackage>;
export type IomtPackage = Static<typeof IomtPackage>;
export type DoctorCard = Static<typeof DoctorCard>;
export type DoctorDetail = Static<typeof DoctorDetail>;
