/** Hosted connect pages: public, opened by a third party through a one-time link. */
export const connect = {
  brandTagline: 'Conexión segura con tu entidad',
  brandDescription:
    '{company} utiliza esta página para acceder a tus datos financieros. Tus credenciales viajan cifradas y no se comparten con {company}.',
  brandFallback: 'Conexión segura',
  loading: 'Cargando…',
  progress: {
    label: 'Progreso de la conexión',
    institution: 'Entidad',
    credentials: 'Credenciales',
    verification: 'Verificación',
    current: 'Paso {n} de {total}: {step}',
  },
  institution: {
    title: 'Elige tu entidad',
    subtitle: 'Selecciona la entidad financiera que quieres conectar con {company}.',
    search: 'Buscar entidad',
    searchPlaceholder: 'Nombre de la entidad',
    listLabel: 'Entidades',
    nothing: 'Ninguna entidad coincide con «{search}»',
    stateDown: 'Caída',
    stateDegraded: 'Con incidencias',
    downNotice:
      'Las entidades marcadas como caídas no responden ahora mismo: es probable que la conexión falle. Prueba más tarde.',
    degradedNotice:
      'Las entidades marcadas con incidencias están fallando a veces: la conexión puede tardar o fallar.',
  },
  credentials: {
    title: 'Introduce tus credenciales',
    titleReset: 'Actualiza tus credenciales',
    subtitle: 'Usa el usuario y la contraseña con los que accedes a la banca online de {entity}.',
    change: 'Cambiar entidad',
    username: 'Usuario',
    password: 'Contraseña',
    acceptPrefix: 'Acepto ',
    terms: 'los términos y condiciones',
    and: ' y ',
    privacy: 'la política de privacidad',
    accept: 'Acepto los términos y condiciones y la política de privacidad',
    consent: 'Autorizo a {company} a consultar mis datos de {entity}, solo en modo de lectura',
    submit: 'Conectar',
    submitReset: 'Actualizar credenciales',
  },
  sca: {
    title: 'Verificación de seguridad',
    subtitle: '{entity} te ha enviado un código de verificación. Introdúcelo para completar la conexión.',
    code: 'Código de verificación',
    submit: 'Verificar',
  },
  /** A renewal link: the holder renews their consent with the institution's code. */
  renew: {
    title: 'Renueva tu autorización',
    subtitle:
      '{entity} te ha enviado un código de verificación. Introdúcelo para renovar la autorización con la que {company} consulta tus cuentas.',
    submit: 'Renovar',
  },
  done: {
    title: 'Conexión completada',
    text: 'Te estamos redirigiendo…',
  },
  /** The hosted page an account holder ends on (no staff session to return to). */
  complete: {
    title: 'Conexión completada',
    text: 'Tus credenciales se han conectado correctamente. Ya puedes cerrar esta página.',
    textCompany:
      'Tus credenciales se han conectado correctamente con {company}. Ya puedes cerrar esta página.',
  },
  sandbox: {
    title: 'Credenciales de prueba (sandbox)',
    text: 'Esta entidad es simulada. Cada credencial produce un resultado distinto.',
    outcome: 'Resultado',
    username: 'Usuario',
    password: 'Contraseña',
    code: 'Código',
    use: 'Usar',
    useLabel: 'Usar credenciales: {outcome}',
    useCode: 'Usar código {code}',
    outcomes: {
      success: 'Conexión correcta',
      sca: 'Pide SCA',
      invalid_access: 'Acceso inválido',
      blocked: 'Bloqueada',
      down: 'Entidad caída',
    },
  },
  invalid: {
    title: 'Enlace no válido',
    text: 'Este enlace no es válido, ya se ha utilizado o ha caducado.',
    hint: 'Pide a quien te lo envió un enlace nuevo.',
  },
  /** Wrong passwords past the caps (per link, per login): the flow stops, for the holder's safety. */
  tooManyTries: {
    title: 'Conexión detenida',
    text: 'Por tu seguridad, hemos detenido la conexión tras varias contraseñas incorrectas. Así tu banco no bloquea tu acceso.',
    reopen: 'Vuelve a abrir el enlace para intentarlo de nuevo.',
    wait_one: 'Vuelve a abrir el enlace dentro de {count} minuto.',
    wait_other: 'Vuelve a abrir el enlace dentro de {count} minutos.',
    hint: 'Si no recuerdas tu contraseña, recupérala primero en la web de tu banco.',
  },
  error: {
    title: 'No se ha podido cargar la página',
  },
  /** Rendered by the API (hosted-link-page.ts) when the visitor's address spent its Link budget. */
  rateLimited: {
    title: 'Demasiados intentos',
    text_one:
      'Hemos recibido demasiadas peticiones desde tu red. Vuelve a intentarlo dentro de {count} minuto.',
    text_other:
      'Hemos recibido demasiadas peticiones desde tu red. Vuelve a intentarlo dentro de {count} minutos.',
  },
  retry: 'Reintentar',
};
