import type { Translation } from '@/lib/i18n';
import type { en } from './en';

export const no: Translation<typeof en> = {
  panel: {
    open: 'Hjelp (?)',
    close: 'Lukk hjelp',
    label: 'Hjelpepanel',
  },
  fallback: {
    title: 'Hjelp',
    paragraphs: [
      'Bruk menyen til venstre for å gå mellom enheter, fjerntilgang, VPN, administrasjon og systemsider; elementer du ikke har tillatelse til, vises ikke.',
      'Trykk / for å søke etter enheter, firmaer, brukere og mer hvor som helst. Tabeller kan sorteres ved å klikke på en kolonneoverskrift, filtreres med kontrollene over dem og blas i nederst.',
      'Destruktive handlinger ber alltid om bekreftelse. Langvarige enhetsoperasjoner åpner et vindu for handlingsstatus som følger hver enhet.',
    ],
  },
  pages: {
    'notifications.main': {
      title: 'Varsler',
      paragraphs: [
        'Alle varsler til deg: registreringer av brukere du har invitert, aktiverte kreditkoder, advarsler om lite ressurser og enhetsvarsler.',
        'Et varsel forblir usett til du åpner listen; når du lukker bjellemenyen, merkes alle som sett. Nye varsler dukker opp øverst i sanntid.',
      ],
    },
    'company.info': {
      title: 'Firma',
      paragraphs: [
        'Firmaets side: først enhetene, deretter informasjon, måltall, brukere, tagger, rapporter og ressurser i faner.',
        'Gi firmaet nytt navn, endre innstillingene eller flytt det under et annet overordnet firma fra fanen Informasjon; et firma kan bare slettes når det ikke inneholder noe.',
      ],
    },
    'company.tags': {
      title: 'Firmaets tagger',
      paragraphs: [
        'Taggene til dette firmaet. Tagger grupperer enheter for filtrering, rapporter, oppgaver og automatiseringer.',
        'Opprett en tagg med et navn og eventuelt en farge; når du fjerner en tagg, tas den av alle enheter, men selve enhetene berøres ikke.',
      ],
    },
    'company.userstable': {
      title: 'Firmaets brukere',
      paragraphs: [
        'Brukerne som hører til dette firmaet, med rollen sin. Endre en rolle, flytt brukere til et annet firma eller fjern dem fra radmenyen.',
        'Nye personer blir med via invitasjon: bruk Inviter bruker og velg rollen de skal få.',
      ],
    },
    'company.invitations': {
      title: 'Firmaets invitasjoner',
      paragraphs: [
        'Invitasjoner sendt for dette firmaet som ikke er godtatt ennå. Send en som har gått tapt på nytt, eller slett en som ble sendt ved en feil.',
        'En invitasjon utløper etter en uke; da trenger den inviterte en ny.',
      ],
    },
    'remote.mobile': {
      title: 'Mobilt dashbord',
      paragraphs: [
        'En enhets dashbord tilpasset mobilen: status, signal og databruk med et raskt blikk.',
      ],
    },
    'remote.access': {
      title: 'Fjerntilgang',
      paragraphs: [
        'Regler som åpner en enhets SSH, webgrensesnitt, VNC, RDP eller en LAN-vert fra nettleseren, uten offentlig IP på enheten.',
        'Legg til en regel for en enhet og en port, og koble deretter til fra raden. Øktene er autentisert, utløper og registreres i tilgangshistorikken.',
      ],
    },
    'reports.single': {
      title: 'Rapporter',
      paragraphs: [
        'Enkeltrapporter for en periode du velger: enhetsstatus, databruk, signal og mer, som PDF eller CSV.',
        'Opprett en rapportmal og generer den deretter; genererte rapporter tas vare på og kan lastes ned igjen fra listen.',
      ],
    },
    'reports.periodic.day': {
      title: 'Daglige rapporter',
      paragraphs: [
        'Rapporter som genereres automatisk hver dag for foregående dag, og eventuelt sendes med e-post til mottakerne du angir.',
      ],
    },
    'reports.periodic.week': {
      title: 'Ukentlige rapporter',
      paragraphs: [
        'Rapporter som genereres automatisk hver uke for foregående uke, og eventuelt sendes med e-post til mottakerne du angir.',
      ],
    },
    'reports.periodic.month': {
      title: 'Månedlige rapporter',
      paragraphs: [
        'Rapporter som genereres automatisk hver måned for foregående måned, og eventuelt sendes med e-post til mottakerne du angir.',
      ],
    },
    'statistics.connection-manager': {
      title: 'Tilkoblingsbehandler',
      paragraphs: [
        'Alle tilkoblingsforsøk fra enhetene dine med koden sin: 0, 10, 12, 20 og 104 gjelder forsøk, 14 at overvåking var deaktivert, 15 at det ikke fantes aktiv kreditt, 7 at en annen enhet allerede har serienummeret med en annen MAC.',
        'Filtrer på enhet eller kode for å finne ut hvorfor en enhet ikke vises som tilkoblet.',
      ],
    },
    'services.credit-codes': {
      title: 'Koder',
      paragraphs: [
        'Koder for kreditoverføring gir ressurser til et annet firma: opprett en kode for et beløp og gi den til dem, så aktiverer de den med Aktiver kode.',
        'En ubrukt kode kan annulleres; ressursene går da tilbake til din pool.',
      ],
    },
    'services.credit-history': {
      title: 'Ressurser',
      paragraphs: [
        'Ressurspoolene dine: hvor mange kreditter av hver type som er kjøpt, er i bruk og gjenstår, og når de utløper.',
        'Flytt ressurser til et datterselskap herfra; flyttinger registreres i historikken.',
      ],
    },
    'services.data-overview': {
      title: 'Dataoversikt',
      paragraphs: [
        'Mobildataene firmaet ditt har kjøpt til enhetene sine, og hvor mye som gjenstår. Én kreditt gir 2 GB.',
      ],
    },
    'services.data-history': {
      title: 'Datakjøp',
      paragraphs: [
        'Alle kjøp av firmadata: når, av hvem, hvor mange kreditter som ble brukt og hvor mye data de ga.',
      ],
    },
  },
};
