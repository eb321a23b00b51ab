import { PHONE_KEYWORD } from './phone';
import { Type, type Static } from 'typebox';

/**
 * Patients (family members, the account holder "myself" included) and addresses. Paths
 * under /api/v1, replies in the envelope, every route [auth]. A patient or address id that is not
 * the caller's (another user's or another tenant's, or deleted) answers 404 `patient_not_found` /
 * `address_not_found`.
 *
 * GET    /Patients/GetPatients?languageId=           -> Patient[] (myself first; created from the
 *        profile on first call)
 * GET    /Patients/GetPatient/:id?languageId=        -> Patient
 * POST   /Patients/AddPatient     body: the patient form (schemas/forms/patient.schema.json merged
 *        with tenant.json forms.patient)                                  -> Patient
 * POST   /Patients/UpdatePatient  body: { patientId, ...the form }         -> Patient
 *        errors: 400 invalid_request + message keys; 409 id_number_exists
 * DELETE /Patients/DeletePatient?id=                  -> { patientId }
 *        errors: 409 patient_has_upcoming_appointment, 409 cannot_delete_self
 * GET    /Users/GetUserAddresses/:id  (:id = your userId; another: 404)  -> UserAddress[]
 * POST   /Users/AddUserAddress    body AddressRequest                    -> UserAddress
 * POST   /Users/UpdateUserAddress body AddressRequest + addressId        -> UserAddress
 * DELETE /Users/DeleteUserAddress?id=                 -> { addressId }
 * GET    /AdminUnits/GetProvinces                     -> AdminUnit[] (34, current units)
 * GET    /AdminUnits/GetWards?provinceCode=           -> AdminUnit[]
 */

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const Age = Type.Object({
  years: Type.Integer({ minimum: 0 }),
  months: Type.Integer({ minimum: 0 }),
  days: Type.Integer({ minimum: 0 }),
});

export const Patient = Type.Object({
  patientId: Id,
  /** The account holder ("myself"): cannot be deleted, has no relation. */
  isSelf: Type.Boolean(),
  fullName: Type.String(),
  gender: Nullable(Type.String()),
  dateOfBirth: Nullable(Type.String()),
  /** Age today in the tenant's time zone; null without a date of birth. */
  age: Nullable(Age),
  idNumber: Nullable(Type.String()),
  mobileNumber: Nullable(Type.String()),
  email: Nullable(Type.String()),
  zaloNumber: Nullable(Type.String()),
  relationId: Nullable(Id),
  relationName: Nullable(Type.String()),
  addressId: Nullable(Id),
  addressText: Nullable(Type.String()),
  /** Message keys of the personal fields booking needs that are empty (full name, gender, birth). */
  missing: Type.Array(Type.String()),
});
export type Patient = Static<typeof Patient>;

export const PatientIdParams = Type.Object({ id: Id });
export const IdQuery = Type.Object({ id: Id });
export const DeletedPatient = Type.Object({ patientId: Id });
export const DeletedAddress = Type.Object({ addressId: Id });

const Code = (pattern: string, message: string) => Type.String({ pattern, 'x-message': message });

export const AddressRequest = Type.Object(
  {
    fullName: Type.Optional(Type.String({ maxLength: 100, 'x-message': 'valid_full_name' })),
    phone: Type.Optional(
      Type.String({ [PHONE_KEYWORD]: true, pattern: '^([0-9]{7,15})?$', 'x-message': 'must_be_bw_7_to_15' }),
    ),
    addressLine: Type.String({ minLength: 1, maxLength: 300, pattern: '\\S', 'x-message': 'valid_address' }),
    provinceCode: Code('^[0-9]{2}$', 'select_province'),
    wardCode: Code('^[0-9]{5}$', 'select_ward'),
    isDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AddressRequest = Static<typeof AddressRequest>;
export const UpdateAddressRequest = Type.Object(
  { addressId: Id, ...AddressRequest.properties },
  { additionalProperties: false },
);
export type UpdateAddressRequest = Static<typeof UpdateAddressRequest>;

export const UserAddress = Type.Object({
  addressId: Id,
  userId: Id,
  fullName: Type.String(),
  phone: Type.String(),
  addressLine: Type.String(),
  provinceCode: Nullable(Type.String()),
  provinceName: Nullable(Type.String()),
  wardCode: Nullable(Type.String()),
  wardName: Nullable(Type.String()),
  /** Only for an address stored with the old three levels (before 1 July 2025): read-only. */
  legacy: Nullable(
    Type.Object({
      ward: Nullable(Type.String()),
      district: Nullable(Type.String()),
      province: Nullable(Type.String()),
      /** The current ward the old one became, when the mapping knows it (to offer an update). */
      newWardCode: Nullable(Type.String()),
      newProvinceCode: Nullable(Type.String()),
    }),
  ),
  isDefault: Type.Boolean(),
  /** line, ward, [district], province */
  text: Type.String(),
});
export type UserAddress = Static<typeof UserAddress>;

export const AdminUnit = Type.Object({
  code: Type.String(),
  name: Type.String(),
  kind: Type.String(),
});
export type AdminUnit = Static<typeof AdminUnit>;
export const WardsQuery = Type.Object({
  provinceCode: Type.String({ pattern: '^[0-9]{2}$', 'x-message': 'select_province' }),
});
