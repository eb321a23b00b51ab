import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CallJoinResult, CallSignalRequest, CallSummaryResult } from '../../../schemas/calls';
import { AppointmentIdBody } from '../../../schemas/appointments';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import { ServiceType } from '../../../schemas/codes';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { coalescedReader, openEventStream, writeEvent } from '../../lib/event-stream';
import type { VideoService } from '../../services/video/index';
import { bookingClock, checkTimeState } from '../appointments/index';
import { tellPatientCallOpen } from './call-open-message';
import { CallRelay } from './relay';
import {
  callAppointment,
  callSummary,
  insertSignal,
  lastSignalId,
  recentSignalCount,
  recordCallEvent,
  sessionNameOf,
  setPresence,
  signalsAfter,
  type CallAppointment,
} from './repository';

export interface CallsOptions {
  db: Database;
  video: VideoService;
}

/** A stream's comment line and presence refresh: well under PRESENCE_SECONDS, under proxies' idle cut. */
const HEARTBEAT_MS = 15_000;
/** The appointments held on the call screen: video consultations and answered direct calls. */
const onCallScreen = (serviceTypeId: number) =>
  serviceTypeId === ServiceType.VideoConsulting || serviceTypeId === ServiceType.DirectCall;
/** Messages one side may send in a minute: a call's negotiation takes a few dozen. */
const SIGNALS_PER_MINUTE = 600;

/**
 * The consultation itself (spec section 7: GetZoomCallAuthToken; section 8: call messages): who may
 * join an appointment's call and when, what their browser needs to join it (per the tenant's video
 * provider), and for the embedded WebRTC provider the signalling between the two browsers.
 *
 * Only the appointment's patient account and its doctor's account take part; anyone else, of this
 * tenant or another, is told 404 appointment_error as if it did not exist. They may join only while
 * CheckTimeAppointment says 'ok' (10 minutes before the start to the end); otherwise 409 with its
 * state (not_yet_scheduled, time_expired, appointment_ended, booking_closed).
 */
export const callsRoutes: FastifyPluginAsyncTypebox<CallsOptions> = async (app, { db, video }) => {
  const tags = ['calls'];
  const config = { auth: true, feature: 'video' } as const;
  const security = [{ bearer: [] }];
  const relay = new CallRelay(db);
  await relay.start(app.log);
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });
  app.addHook('onClose', () => relay.close());

  const tenantOf = (request: FastifyRequest) => request.tenant.config.code;

  /** The caller's video appointment, open now; else the answer the caller gets instead. */
  async function joinable(
    request: FastifyRequest,
    appointmentId: number,
  ): Promise<CallAppointment & { role: NonNullable<CallAppointment['role']> }> {
    const a = await db.tenant(tenantOf(request), (sql) =>
      callAppointment(sql, request.auth!.userId, appointmentId),
    );
    if (!a || !a.role || !onCallScreen(a.service_type_id)) throw new ApiError(404, 'appointment_error');
    const { state } = checkTimeState(a, bookingClock.now());
    if (state !== 'ok') throw new ApiError(409, state);
    return a as CallAppointment & { role: NonNullable<CallAppointment['role']> };
  }

  app.post(
    '/Appointments/GetZoomCallAuthToken',
    {
      config,
      schema: {
        tags,
        summary:
          "What the caller's browser needs to join the appointment's video call with the tenant's provider: a Zoom Video SDK token, or WebRTC ICE servers (short-lived TURN credentials)",
        security,
        body: AppointmentIdBody,
        response: { 200: Envelope(CallJoinResult), ...errorReplies({ 404: ['appointment_error'] }) },
      },
    },
    async (request) => {
      const a = await joinable(request, request.body.appointmentId);
      const sessionName = await db.tenant(tenantOf(request), (sql) => sessionNameOf(sql, a.appointment_id));
      const join = await video.join({
        tenant: request.tenant.config,
        sessionName,
        role: a.role,
        userId: request.auth!.userId,
        now: bookingClock.now(),
        callEndsAt: new Date(a.ends_at),
      });
      return ok({
        ...join,
        appointmentId: a.appointment_id,
        startsAt: new Date(a.starts_at).toISOString(),
        endsAt: new Date(a.ends_at).toISOString(),
        hangUpAt: a.service_type_id === ServiceType.DirectCall ? new Date(a.ends_at).toISOString() : null,
      });
    },
  );

  app.post(
    '/Calls/Signal',
    {
      config,
      schema: {
        tags,
        summary:
          "Sends a WebRTC signalling message (description, candidate or call word) to the call's other side",
        security,
        body: CallSignalRequest,
        response: {
          200: Envelope(Type.Object({ signalId: Type.Integer() })),
          ...errorReplies({ 404: ['appointment_error'] }),
        },
      },
    },
    async (request) => {
      const a = await joinable(request, request.body.appointmentId);
      const signalId = await db.tenant(tenantOf(request), async (sql) => {
        await sessionNameOf(sql, a.appointment_id);
        if ((await recentSignalCount(sql, a.appointment_id, a.role)) >= SIGNALS_PER_MINUTE)
          throw new ApiError(429, 'too_many_requests');
        if (request.body.signal.kind === 'end' && a.role === 'doctor')
          await recordCallEvent(sql, a.appointment_id, a.role, 'ended');
        return insertSignal(sql, a.appointment_id, a.role, request.body.signal);
      });
      await relay.announce(tenantOf(request), a.appointment_id);
      return ok({ signalId });
    },
  );

  app.get(
    '/Calls/Summary',
    {
      config,
      schema: {
        tags,
        summary:
          "Who is in the call room now (the pre-call check's 'the doctor has not joined yet'), and the call's events and time per side",
        security,
        querystring: AppointmentIdBody,
        response: { 200: Envelope(CallSummaryResult), ...errorReplies({ 404: ['appointment_error'] }) },
      },
    },
    async (request) => {
      const a = await db.tenant(tenantOf(request), (sql) =>
        callAppointment(sql, request.auth!.userId, request.query.appointmentId),
      );
      if (!a?.role || !onCallScreen(a.service_type_id)) throw new ApiError(404, 'appointment_error');
      const summary = await db.tenant(tenantOf(request), (sql) => callSummary(sql, a.appointment_id));
      return ok({
        ...summary,
        role: a.role,
        endedAt: summary.endedAt?.toISOString() ?? null,
        events: summary.events.map((e) => ({ ...e, at: e.at.toISOString() })),
      });
    },
  );

  app.get(
    '/Calls/Stream',
    {
      config,
      schema: {
        tags,
        summary:
          "Server-Sent Events: the other side's signalling messages from now on (event 'signal', id = message id; a reconnect sends Last-Event-ID). Opening it enters the call room; closing it leaves",
        security,
        querystring: AppointmentIdBody,
      },
    },
    async (request, reply) => {
      const a = await joinable(request, request.query.appointmentId);
      const tenant = tenantOf(request);
      const resumeFrom = Number(request.headers['last-event-id']);
      let cursor = await db.tenant(tenant, async (sql) => {
        await sessionNameOf(sql, a.appointment_id);
        await setPresence(sql, a.appointment_id, a.role, true);
        await recordCallEvent(sql, a.appointment_id, a.role, 'joined');
        if (a.role === 'doctor') await tellPatientCallOpen(sql, request.tenant.config, a.appointment_id);
        const last = await lastSignalId(sql, a.appointment_id);
        return Number.isSafeInteger(resumeFrom) && resumeFrom > 0 && resumeFrom <= last ? resumeFrom : last;
      });
      streamEvents(reply, request, a, tenant, cursor, (c) => (cursor = c));
    },
  );

  function streamEvents(
    reply: FastifyReply,
    request: FastifyRequest,
    a: CallAppointment & { role: NonNullable<CallAppointment['role']> },
    tenant: string,
    start: number,
    moved: (cursor: number) => void,
  ) {
    let cursor = start;
    let closed = false;
    const raw = openEventStream(reply, request);
    writeEvent(raw, 'ready', { role: a.role, cursor });

    const pump = coalescedReader(
      async () => {
        const rows = await db.tenant(tenant, (sql) => signalsAfter(sql, a.appointment_id, a.role, cursor));
        for (const row of rows) {
          if (closed) return;
          cursor = Number(row.signal_id);
          writeEvent(raw, 'signal', row.body, cursor);
        }
        moved(cursor);
        return rows.length === 200;
      },
      () => closed,
      (error) => request.log.warn({ err: error }, 'call stream: could not read messages'),
    );
    const remove = relay.add(tenant, a.appointment_id, { wake: () => void pump() });
    const heartbeat = setInterval(() => {
      raw.write(': ping\n\n');
      void db
        .tenant(tenant, (sql) => setPresence(sql, a.appointment_id, a.role, true))
        .catch((error: unknown) => request.log.warn({ err: error }, 'call stream: presence not refreshed'));
      void pump();
    }, HEARTBEAT_MS);
    const end = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      remove();
      openStreams.delete(end);
      raw.end();
      // Leaving the room: the other side hears 'left' at once (it waits for a rejoin instead of a
      // frozen picture), and the time in the call is counted for the doctor's completion.
      void db
        .tenant(tenant, async (sql) => {
          await setPresence(sql, a.appointment_id, a.role, false);
          await recordCallEvent(sql, a.appointment_id, a.role, 'left');
          await insertSignal(sql, a.appointment_id, a.role, { kind: 'left' });
        })
        .then(() => relay.announce(tenant, a.appointment_id))
        .catch((error: unknown) => request.log.warn({ err: error }, 'call stream: leaving not recorded'));
    };
    openStreams.add(end);
    request.raw.on('close', end);
    void pump();
  }
};
