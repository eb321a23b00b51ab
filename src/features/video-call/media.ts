/** The spec's hardware and permission messages (section 8), by what the browser said. */
export type MediaProblem = 'permission_denied' | 'no_device' | 'device_busy' | 'device_permission_error';

/** Which message a failed getUserMedia / getDisplayMedia deserves. */
export function mediaProblemOf(error: unknown): MediaProblem {
  const name = (error as { name?: string } | null)?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'permission_denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no_device';
  if (name === 'NotReadableError' || name === 'AbortError') return 'device_busy';
  return 'device_permission_error';
}

export interface DeviceChoice {
  cameraId?: string | undefined;
  microphoneId?: string | undefined;
}

/** Camera and microphone, the chosen ones when given. */
export function openCameraAndMicrophone(choice: DeviceChoice): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: choice.cameraId ? { deviceId: { exact: choice.cameraId } } : true,
    audio: choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : true,
  });
}

export interface Devices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

export async function listDevices(): Promise<Devices> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return {
    cameras: all.filter((d) => d.kind === 'videoinput'),
    microphones: all.filter((d) => d.kind === 'audioinput'),
  };
}

/** The browser's word on camera and microphone permission ('prompt' where it will not say). */
export async function permissionStates(): Promise<{ camera: PermissionState; microphone: PermissionState }> {
  const query = async (name: string): Promise<PermissionState> => {
    try {
      return (await navigator.permissions.query({ name: name as PermissionName })).state;
    } catch {
      return 'prompt';
    }
  };
  const [camera, microphone] = await Promise.all([query('camera'), query('microphone')]);
  return { camera, microphone };
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
