import { Type, type Static } from 'typebox';
import { ADVISORY_ANSWER_RULES, ADVISORY_MESSAGE_RULES } from './iomt-rules';
import { Pagination, PagingQuery } from './envelope';

/**
 * Remote health monitoring (IoMT) packages a patient holds (spec sections 1, 2 "/service-packages",
 * 7 Iomt/* and WalletHistories/GetListIomtPackageOfUser, 8 quiet failures): the packages, their
 * doctors, whether a direct call is possible now, and advice asked of the package's doctors.
 * Buying a package is the purchases contract (schemas/purchases.ts, packageType 'iomt'); the
 * packages on sale are the catalogue's GET /Iomt/GetAllIomtPackage; the call itself is
 * POST /Appointments/CallDiriectIomt (schemas/direct-calls.ts).
 *
 * Patient (feature iomt, signed in):
 * GET  /WalletHistories/GetListIomtPackageOfUser?UserId=  -> IomtUserPackage[] (newest expiry first;
 *      [] when none; UserId, if given, must be the caller's own, else 404 not_found)
 * GET  /Iomt/GetDoctorIomtForUser?PageNumber=&PageSize=   -> IomtDoctorList (doctors of the caller's
 *      valid packages; quiet failure: no valid package, or PageNumber/PageSize 0, gives [] with
 *      pagination 0/0/0)
 * GET  /Iomt/CheckIomtCallDiriectOfUser                   -> IomtCallCheck
 * POST /Iomt/ReceivingAdvisory  ReceivingAdvisoryRequest  -> AdvisoryRequest
 *      409 user_not_join (no IoMT package), package_expired (none valid now);
 *      404 patient_not_found (patientId not the caller's family), iomt_doctor_not_found (doctorId
 *      not a doctor of a valid package)
 * GET  /Iomt/GetAdvisoryRequests?PageNumber=&PageSize=    -> AdvisoryRequestList (the caller's own)
 *
 * Doctor (care workspace; doctors only, 403 care_doctor_only for hospital staff):
 * GET  /Care/AdvisoryRequests?status=open|answered&PageNumber= -> CareAdvisoryRequestList
 *      only requests on packages the doctor belongs to (row-level security, migration 037), and
 *      of those asked of one doctor only that doctor's
 * POST /Care/AdvisoryRequests/{id}/Answer  AdvisoryAnswerRequest -> CareAdvisoryRequest
 *      the first answer closes the request (409 advisory_already_answered after); another
 *      doctor's or tenant's request is 404 advisory_not_found; the patient is told
 *      (message event advisory-answered: in-app, email, push)
 */
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const BigId = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  'x-message': 'advisory_not_found',
});
const Instant = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

// The advice forms' limits, shared with the web app's forms: iomt-rules.ts, free of TypeBox.
export * from './iomt-rules';

export const IOMT_PACKAGE_STATUSES = ['active', 'upcoming', 'expired'] as const;
export type IomtPackageStatus = (typeof IOMT_PACKAGE_STATUSES)[number];

export const IomtUserPackage = Type.Object({
  userPackageId: Id,
  iomtPackageId: Id,
  name: Type.String(),
  description: Type.String(),
  /** The monitoring devices the package includes (as the catalogue writes them). */
  devices: Type.String(),
  startsAt: Instant,
  expiresAt: Instant,
  /** active: valid now; upcoming: a renewal that starts when the current term ends; expired. */
  status: Type.Union([Type.Literal('active'), Type.Literal('upcoming'), Type.Literal('expired')]),
});
export type IomtUserPackage = Static<typeof IomtUserPackage>;

export const IomtPackagesOfUserQuery = Type.Object({
  UserId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'not_found' })),
});

/** Paging that admits 0: the spec's client asks with zero pagination and gets an empty list. */
export const IomtDoctorsQuery = Type.Object({
  PageNumber: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100000, default: 1, 'x-message': 'invalid_page_number' }),
  ),
  PageSize: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100, default: 15, 'x-message': 'invalid_page_size' }),
  ),
});

export const IomtDoctor = Type.Object({
  doctorId: Id,
  fullName: Type.String(),
  title: Type.String(),
  photo: Type.String(),
  specialities: Type.Array(Type.Object({ specialityId: Id, name: Type.String() })),
  /** In the care workspace and available for a direct call now. */
  online: Type.Boolean(),
});
export type IomtDoctor = Static<typeof IomtDoctor>;

export const IomtDoctorList = Type.Object({ doctors: Type.Array(IomtDoctor), pagination: Pagination });
export type IomtDoctorList = Static<typeof IomtDoctorList>;

export const IomtCallCheck = Type.Object({
  canCall: Type.Boolean(),
  /** Why not (spec section 8 keys); null when canCall. */
  reason: Nullable(Type.Union([Type.Literal('user_not_join'), Type.Literal('package_expired')])),
  /** The package's doctors online now (a call with none online is refused: doctor_not_connected). */
  doctorsOnline: Type.Integer(),
});
export type IomtCallCheck = Static<typeof IomtCallCheck>;

export const ReceivingAdvisoryRequest = Type.Object(
  {
    message: Type.String(ADVISORY_MESSAGE_RULES),
    /** One doctor of the package to ask; default: every doctor of the package. */
    doctorId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'iomt_doctor_not_found' }),
    ),
    /** A member of the caller's family the advice is for; default: the caller's own profile. */
    patientId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2_147_483_647, 'x-message': 'patient_not_found' }),
    ),
  },
  { additionalProperties: false },
);
export type ReceivingAdvisoryRequest = Static<typeof ReceivingAdvisoryRequest>;

export const AdvisoryAnswer = Type.Object({
  doctorId: Id,
  doctorName: Type.String(),
  answer: Type.String(),
  answeredAt: Instant,
});

export const ADVISORY_STATUSES = ['open', 'answered'] as const;
export type AdvisoryStatus = (typeof ADVISORY_STATUSES)[number];
const Status = Type.Union([Type.Literal('open'), Type.Literal('answered')], { 'x-message': 'invalid_scope' });

export const AdvisoryRequest = Type.Object({
  advisoryRequestId: Type.Integer(),
  patientId: Id,
  patientName: Type.String(),
  packageName: Type.String(),
  /** The doctor asked; null: any doctor of the package. */
  doctorId: Nullable(Id),
  doctorName: Nullable(Type.String()),
  message: Type.String(),
  status: Status,
  createdAt: Instant,
  answer: Nullable(AdvisoryAnswer),
});
export type AdvisoryRequest = Static<typeof AdvisoryRequest>;

export const AdvisoryRequestsQuery = Type.Object({ ...PagingQuery });
export const AdvisoryRequestList = Type.Object({
  requests: Type.Array(AdvisoryRequest),
  pagination: Pagination,
});
export type AdvisoryRequestList = Static<typeof AdvisoryRequestList>;

/** A request as a doctor of its package reads it (no patient record: the name they gave). */
export const CareAdvisoryRequest = Type.Object({
  advisoryRequestId: Type.Integer(),
  patientName: Type.String(),
  packageName: Type.String(),
  /** Asked of this doctor alone (else of every doctor of the package). */
  askedYou: Type.Boolean(),
  message: Type.String(),
  status: Status,
  createdAt: Instant,
  answer: Nullable(AdvisoryAnswer),
});
export type CareAdvisoryRequest = Static<typeof CareAdvisoryRequest>;

export const CareAdvisoryQuery = Type.Object({ status: Type.Optional(Status), ...PagingQuery });
export const CareAdvisoryRequestList = Type.Object({
  requests: Type.Array(CareAdvisoryRequest),
  pagination: Pagination,
});
export type CareAdvisoryRequestList = Static<typeof CareAdvisoryRequestList>;

export const AdvisoryParams = Type.Object({ id: BigId });
export const AdvisoryAnswerRequest = Type.Object(
  { answer: Type.String(ADVISORY_ANSWER_RULES) },
  { additionalProperties: false },
);
export type AdvisoryAnswerRequest = Static<typeof AdvisoryAnswerRequest>;
