/**
 * The join module's public API for other modules and the operator commands: join requests
 * (listing and the decision; the care module creates the approved applicant's account).
 */
export {
  decideJoinRequest,
  listJoinRequests,
  type DecidedJoinRequest,
  type JoinRequestRow,
} from './join-repository';
