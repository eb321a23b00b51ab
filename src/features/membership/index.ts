/** The membership feature's public API: joining a health program (doctor pages). */
export { JoinProgramButton } from './components/join-program-button';
