import { Type, type Static } from 'typebox';
import { Pagination, PagingQuery } from './envelope';

/**
 * The direct call's wire contract (server/modules/direct-calls, src/features/direct-call and the
 * care workspace). Spec sections 7 and 8; the spec's spelling "Diriect" is part of the paths.
 *
 * Patient:
 * POST /Appointments/CallDiriect       body { programId? }  -> DirectCall (ringing)
 * POST /Appointments/CallDiriectIomt   body { programId? }  -> DirectCall (ringing)
 *      programId: the membership (IoMT) package the user holds; default: the one that expires first
 * POST /Appointments/CancelCallDiriect body { directCallId } -> DirectCall (cancelled)
 * GET  /Appointments/CallDiriect/{directCallId}             -> DirectCall (the ringing screen polls)
 * GET  /WalletHistories/GetAllCallDiriectOfUser?UserId=&PageNumber=&PageSize= -> DirectCallsOfUser
 * errors: 409 user_not_join (no package), package_expired, validate_number_call (no calls left),
 *      doctor_not_connected (none of the package's doctors is online); 404 direct_call_not_found
 *
 * Doctor (care workspace):
 * GET  /Care/DirectCalls                   -> CareDirectCall[] (ringing, and recently taken or ended)
 * POST /Care/DirectCalls/{directCallId}/Accept -> { appointmentId } (the call screen's appointment)
 * errors: 409 direct_call_taken (another doctor took it), direct_call_over (missed or cancelled)
 */
const BigId = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  'x-message': 'direct_call_not_found',
});
const Instant = Type.String({ format: 'date-time' });

export const DIRECT_CALL_STATUSES = ['ringing', 'connected', 'missed', 'cancelled'] as const;
export type DirectCallStatus = (typeof DIRECT_CALL_STATUSES)[number];
const Status = Type.Union([
  Type.Literal('ringing'),
  Type.Literal('connected'),
  Type.Literal('missed'),
  Type.Literal('cancelled'),
]);
export const PACKAGE_KINDS = ['membership', 'iomt'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];
const Kind = Type.Union([Type.Literal('membership'), Type.Literal('iomt')]);

export const CallDiriectRequest = Type.Object(
  {
    programId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, 'x-message': 'user_not_join' })),
    languageId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    userId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);
export type CallDiriectRequest = Static<typeof CallDiriectRequest>;

export const CancelCallDiriectRequest = Type.Object({ directCallId: BigId }, { additionalProperties: false });
export const DirectCallParams = Type.Object({ directCallId: BigId });

export const DirectCall = Type.Object({
  directCallId: Type.Integer(),
  kind: Kind,
  status: Status,
  createdAt: Instant,
  ringExpiresAt: Instant,
  /** How many online doctors the call rang. */
  doctorsRung: Type.Integer(),
  /** Longest the call lasts once connected (the package's call duration). */
  callMinutes: Type.Integer(),
  /** Set once a doctor accepted: the call screen is /video-call/{appointmentId}. */
  appointmentId: Type.Union([Type.Integer(), Type.Null()]),
  doctorName: Type.Union([Type.String(), Type.Null()]),
});
export type DirectCall = Static<typeof DirectCall>;

export const UserPackage = Type.Object({
  userPackageId: Type.Integer(),
  kind: Kind,
  /** The membership (IoMT) package's id: the `programId` of CallDiriect (CallDiriectIomt). */
  programId: Type.Integer(),
  name: Type.String(),
  /** Membership packages: calls bought and calls left (one is held while a call rings); IoMT: null. */
  callsTotal: Type.Union([Type.Integer(), Type.Null()]),
  callsLeft: Type.Union([Type.Integer(), Type.Null()]),
  callMinutes: Type.Integer(),
  /** Membership packages: free appointments bought and left (MakeAppointment userPackageId); IoMT: 0. */
  freeAppointmentsTotal: Type.Integer(),
  freeAppointmentsLeft: Type.Integer(),
  startsAt: Instant,
  expiresAt: Instant,
  status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('used_up')]),
});
export type UserPackage = Static<typeof UserPackage>;

export const DirectCallsOfUserQuery = Type.Object({
  UserId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  ...PagingQuery,
});

export const DirectCallsOfUser = Type.Object({
  packages: Type.Array(UserPackage),
  calls: Type.Array(DirectCall),
  pagination: Pagination,
});
export type DirectCallsOfUser = Static<typeof DirectCallsOfUser>;

/** A call as a doctor it rang sees it. */
export const CareDirectCall = Type.Object({
  directCallId: Type.Integer(),
  kind: Kind,
  /** ringing: yours to take; taken: another doctor took it; mine: you took it; over: missed or cancelled. */
  state: Type.Union([
    Type.Literal('ringing'),
    Type.Literal('taken'),
    Type.Literal('mine'),
    Type.Literal('over'),
  ]),
  callerName: Type.String(),
  createdAt: Instant,
  ringExpiresAt: Instant,
  callMinutes: Type.Integer(),
  appointmentId: Type.Union([Type.Integer(), Type.Null()]),
});
export type CareDirectCall = Static<typeof CareDirectCall>;

export const AcceptDirectCallResult = Type.Object({ appointmentId: Type.Integer() });
export type AcceptDirectCallResult = Static<typeof AcceptDirectCallResult>;
