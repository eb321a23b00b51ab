import { Type, type Static } from 'typebox';

/**
 * The video call's wire contract (server/modules/calls, src/features/video-call):
 *
 * POST /Appointments/GetZoomCallAuthToken body { appointmentId } -> CallJoinResult
 *      (the spec's name; answers for the tenant's provider, webrtc or zoom)
 * POST /Calls/Signal body CallSignalRequest -> { signalId }
 * GET  /Calls/Stream?appointmentId=  (Server-Sent Events: event 'ready' { role, cursor }, then
 *      event 'signal' with a CallSignal of the other side, id = its message id)
 * GET  /Calls/Summary?appointmentId= -> CallSummaryResult
 * errors: 404 appointment_error (not the caller's call, or not a video appointment), 409 with the
 *      CheckTimeAppointment state outside the window (not_yet_scheduled, time_expired,
 *      appointment_ended, booking_closed), 429 too_many_requests (message flood)
 */
const BigId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const Role = Type.Union([Type.Literal('doctor'), Type.Literal('patient')]);

const IceServer = Type.Object({
  urls: Type.Array(Type.String()),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
});

const Window = {
  appointmentId: BigId,
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  sessionName: Type.String(),
  role: Role,
  /**
   * When the call screen ends the call by itself: a direct call lasts at most its package's call
   * duration; null for a booked video consultation (its end is a reminder, the doctor may overrun).
   */
  hangUpAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
};

export const CallJoinResult = Type.Union([
  Type.Object({ provider: Type.Literal('webrtc'), ...Window, iceServers: Type.Array(IceServer) }),
  Type.Object({
    provider: Type.Literal('zoom'),
    ...Window,
    /** The Video SDK JWT: kept in memory by the call screen, never in a URL, storage or a log. */
    token: Type.String(),
    userIdentity: Type.String(),
  }),
]);
export type CallJoinResult = Static<typeof CallJoinResult>;

/**
 * A signalling message. The doctor's browser offers, the patient's answers: 'hello' says "I entered
 * the room" (the other side answers 'here'), 'offer'/'answer' carry an SDP of a negotiation
 * `generation`, 'candidate' an ICE candidate of one, 'end' (the doctor) ends the call for both.
 * The server adds 'left' when a side's stream closes.
 */
export const CallSignal = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('hello'),
      Type.Literal('here'),
      Type.Literal('offer'),
      Type.Literal('answer'),
      Type.Literal('candidate'),
      Type.Literal('end'),
    ]),
    generation: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    sdp: Type.Optional(Type.String({ maxLength: 32_768 })),
    candidate: Type.Optional(
      Type.Object(
        {
          candidate: Type.String({ maxLength: 1024 }),
          sdpMid: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
          sdpMLineIndex: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 64 }), Type.Null()])),
          usernameFragment: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CallSignal = Static<typeof CallSignal>;

export const CallSignalRequest = Type.Object(
  { appointmentId: BigId, signal: CallSignal },
  { additionalProperties: false },
);

export const CallSummaryResult = Type.Object({
  /** The caller's side in this call. */
  role: Role,
  doctorPresent: Type.Boolean(),
  patientPresent: Type.Boolean(),
  endedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  doctorSeconds: Type.Integer(),
  patientSeconds: Type.Integer(),
  events: Type.Array(
    Type.Object({ role: Role, kind: Type.String(), at: Type.String({ format: 'date-time' }) }),
  ),
});
export type CallSummaryResult = Static<typeof CallSummaryResult>;
