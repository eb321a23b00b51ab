import type { CallSignal } from '../../../schemas/calls';

export type CallRole = 'doctor' | 'patient';

/** Where the call stands, as the call screen says it. */
export type PeerState = 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'ended';

export interface CallPeerOptions {
  role: CallRole;
  iceServers: RTCIceServer[];
  /** 'relay' forces every path through TURN (tests, and networks that need it). */
  iceTransportPolicy?: RTCIceTransportPolicy;
  local: MediaStream;
  send(signal: CallSignal): Promise<void>;
  onRemoteStream(stream: MediaStream | null): void;
  onState(state: PeerState): void;
}

/** How long a dropped connection may try to come back by itself before a new negotiation. */
const RECOVER_MS = 4000;

/**
 * One side of a one-to-one WebRTC call. The doctor's side offers and the patient's answers, so
 * two offers can never cross. Each negotiation has a generation and its own RTCPeerConnection:
 * a rejoin, a reload or a network change starts a new generation, and late messages of an older
 * one are dropped. The call protocol (schemas/calls.ts): 'hello' on entering the room (the other
 * side answers 'here'); the doctor negotiates whenever the patient announces itself.
 */
export class CallPeer {
  private pc: RTCPeerConnection | null = null;
  private generation = 0;
  private pending: RTCIceCandidateInit[] = [];
  private recoverTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(private readonly options: CallPeerOptions) {}

  get connection(): RTCPeerConnection | null {
    return this.pc;
  }

  /** This side entered the room, or its signalling stream came back. */
  announce(): void {
    void this.options.send({ kind: 'hello' });
  }

  async handle(signal: CallSignal | { kind: 'left' }): Promise<void> {
    if (this.closed) return;
    const { role } = this.options;
    switch (signal.kind) {
      case 'hello':
        if (role === 'doctor') await this.negotiate();
        else void this.options.send({ kind: 'here' });
        break;
      case 'here':
        if (role === 'doctor') await this.negotiate();
        break;
      case 'offer':
        if (role === 'patient') await this.answer(signal.generation ?? 0, signal.sdp ?? '');
        break;
      case 'answer':
        if (role === 'doctor' && signal.generation === this.generation && this.pc)
          await this.pc
            .setRemoteDescription({ type: 'answer', sdp: signal.sdp ?? '' })
            .then(() => this.flush());
        break;
      case 'candidate':
        if (signal.generation === this.generation && signal.candidate) {
          if (this.pc?.remoteDescription)
            await this.pc.addIceCandidate(signal.candidate).catch(() => undefined);
          else this.pending.push(signal.candidate);
        }
        break;
      case 'left':
        this.drop();
        this.options.onRemoteStream(null);
        this.options.onState('waiting');
        break;
      case 'end':
        this.close();
        this.options.onState('ended');
        break;
    }
  }

  /** Puts another camera, microphone or a shared screen on the call without a new negotiation. */
  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    const sender = this.pc
      ?.getSenders()
      .find((s) => s.track?.kind === kind || (!s.track && kind === 'video'));
    await sender?.replaceTrack(track);
  }

  close(): void {
    this.closed = true;
    this.drop();
  }

  private async negotiate(): Promise<void> {
    const pc = this.fresh(this.generation + 1);
    const offer = await pc.createOffer();
    if (pc !== this.pc) return;
    await pc.setLocalDescription(offer);
    await this.options.send({ kind: 'offer', generation: this.generation, sdp: offer.sdp ?? '' });
  }

  private async answer(generation: number, sdp: string): Promise<void> {
    if (generation < this.generation) return;
    const pc = this.fresh(generation);
    await pc.setRemoteDescription({ type: 'offer', sdp });
    await this.flush();
    const answer = await pc.createAnswer();
    if (pc !== this.pc) return;
    await pc.setLocalDescription(answer);
    await this.options.send({ kind: 'answer', generation, sdp: answer.sdp ?? '' });
  }

  private async flush(): Promise<void> {
    const pc = this.pc;
    const queued = this.pending;
    this.pending = [];
    for (const candidate of queued) await pc?.addIceCandidate(candidate).catch(() => undefined);
  }

  /** A new connection for a new negotiation, with this side's tracks on it. */
  private fresh(generation: number): RTCPeerConnection {
    this.drop();
    this.generation = generation;
    this.options.onState('connecting');
    const pc = new RTCPeerConnection({
      iceServers: this.options.iceServers,
      iceTransportPolicy: this.options.iceTransportPolicy ?? 'all',
    });
    this.pc = pc;
    for (const track of this.options.local.getTracks()) pc.addTrack(track, this.options.local);
    pc.onicecandidate = ({ candidate }) => {
      if (candidate && pc === this.pc) {
        const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
        void this.options.send({
          kind: 'candidate',
          generation,
          candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment },
        });
      }
    };
    pc.ontrack = ({ streams, track }) => {
      if (pc === this.pc) this.options.onRemoteStream(streams[0] ?? new MediaStream([track]));
    };
    pc.onconnectionstatechange = () => {
      if (pc !== this.pc) return;
      const state = pc.connectionState;
      if (state === 'connected') {
        if (this.recoverTimer) clearTimeout(this.recoverTimer);
        this.recoverTimer = null;
        this.options.onState('connected');
      } else if (state === 'disconnected' || state === 'failed') {
        this.options.onState('reconnecting');
        // A short drop heals by itself; past that, or on failure, a new negotiation (an ICE
        // restart on a new connection) finds a new path.
        if (this.recoverTimer) clearTimeout(this.recoverTimer);
        this.recoverTimer = setTimeout(
          () => {
            if (pc !== this.pc || this.closed) return;
            if (this.options.role === 'doctor') void this.negotiate();
            else this.announce();
          },
          state === 'failed' ? 0 : RECOVER_MS,
        );
      }
    };
    return pc;
  }

  private drop(): void {
    if (this.recoverTimer) clearTimeout(this.recoverTimer);
    this.recoverTimer = null;
    this.pending = [];
    this.pc?.close();
    this.pc = null;
  }
}
