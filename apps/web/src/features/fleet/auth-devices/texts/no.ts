import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  title: 'Godkjente enheter',
  intro:
    'Enheter med et serienummer som allerede er registrert på en annen enhet med en annen MAC eller IMEI, avvises når de registrerer seg (tilkoblingskode 7). Godkjenn en slik enhet etter en legitim maskinvareendring (f.eks. bytte av hovedkort): den registrerte enheten får den nye MAC-/IMEI-adressen, og maskinvaren registrerer seg ved neste forsøk med sin egen kravhemmelighet, mens den gamle legitimasjonen slutter å virke.',
  refusedTab: 'Avvist',
  approvalsTab: 'Godkjenninger',
  refusedTable: 'Avviste enhetsidentiteter',
  approvalsTable: 'Godkjente enhetsidentiteter',
  emptyRefused: 'Ingen avviste enhetsidentiteter',
  emptyApprovals: 'Ingen godkjenninger ennå',
  searchPlaceholder: 'Søk etter serienummer, MAC, IMEI, enhet eller firma',
  serial: 'Serienummer',
  stated: 'Oppgitt MAC / IMEI',
  registered: 'Registrert enhet',
  registeredIdentity: 'Registrert MAC / IMEI',
  company: 'Firma',
  model: 'Modell',
  attempts: 'Forsøk',
  firstSeen: 'Først sett',
  lastSeen: 'Sist sett',
  address: 'IP-adresse',
  approvedAt: 'Godkjent',
  approvedBy: 'Godkjent av',
  previous: 'Forrige MAC / IMEI',
  approve: 'Godkjenn',
  dismiss: 'Avvis',
  approveTitle: 'Godkjenn enhetsidentitet',
  approveMessage: (serial: string, identity: string, device: string) =>
    `Enheten «${device}» (serienummer ${serial}) får ${identity} som identitet og må registrere seg på nytt; den nåværende legitimasjonen slutter å virke. Fortsette?`,
  dismissTitle: 'Avvis enhetsidentitet',
  dismissMessage: (serial: string, identity: string) =>
    `Avvise den avviste identiteten ${identity} for serienummer ${serial}? Den føres opp igjen hvis enheten prøver å registrere seg på nytt.`,
  approved: 'Enhetsidentiteten ble godkjent',
  dismissed: 'Enhetsidentiteten ble avvist',
  approveFailed: 'Kunne ikke godkjenne enhetsidentiteten',
  dismissFailed: 'Kunne ikke avvise enhetsidentiteten',
  none: '—',
};
