/** The fee guarantee pages (the list is the account menu's entry, src/config/paths.ts). */
export const FEE_GUARANTEE_PATH = '/me/fee-guarantee';

export const feeGuaranteePaths = {
  list: FEE_GUARANTEE_PATH,
  /** The request form; from an appointment with payment method 3 it carries `?appointmentId=`. */
  create: (appointmentId?: number | null) =>
    appointmentId ? `${FEE_GUARANTEE_PATH}/new?appointmentId=${appointmentId}` : `${FEE_GUARANTEE_PATH}/new`,
  detail: (id: number) => `${FEE_GUARANTEE_PATH}/${id}`,
  sign: (id: number) => `${FEE_GUARANTEE_PATH}/${id}/sign`,
  outcome: (id: number, result: 'success' | 'failure', reason?: string | null) =>
    `${FEE_GUARANTEE_PATH}/${id}/outcome?result=${result}${reason ? `&reason=${encodeURIComponent(reason)}` : ''}`,
} as const;

/** A route id parameter as a number (0 when it is not one). */
export const idOf = (value: string | undefined) => (value && /^\d{1,15}$/.test(value) ? Number(value) : 0);
