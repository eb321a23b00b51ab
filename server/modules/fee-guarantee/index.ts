/**
 * Hospital fee guarantee (bảo lãnh viện phí): public API for other modules and the
 * operator command. Nothing else in this folder may be imported from outside it.
 */
export { feeGuaranteeRoutes } from './routes';
export { feeGuaranteeSection } from './section';
export { decideFeeGuarantee, type Decision } from './service';
export { operatorList as operatorFeeGuaranteeList, type OperatorFeeGuarantee } from './operator';
