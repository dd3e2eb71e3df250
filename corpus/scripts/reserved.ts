/** The repositories `../shared/design/labelling.md` reserves for measurement: never opened for the corpus. */
export const RESERVED: ReadonlySet<string> = new Set(['M-Thisness/M-Claude', 'pasta41/buoy', 'gabrielmendes17/payment-engine',
  'greenTownNinja/revenue-metrics-service', 'nikblanchet/claude-code-production-patterns', 'Yael-Peretz/jgive-campaign-donation',
  'bill-li1/agents-battle-royale', 'IshayBalash/orca_ai_home_assessment', 'mgraham/logic-focus', 'yigitkonur/cctrace-js',
  'apanloco/random', 'Grayhood144/cinetrack', 'John-Curcio/chicken_guac', 'SWORDIntel/claude-backups',
  '4thehalibit/omarchy-backup', 'InvictusAutomation/oc-admin-home-shared', 'LAF-US/IDAHO-VAULT', 'adrianstanca1/vps-config',
  'Mkid095/vps-system', '493-Property-Estimator/Capstone-Test-Repo', '0h-n0/local-voice-assistant-codex'])
