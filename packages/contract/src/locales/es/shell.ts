/** Texts of the portal frame: top bar, navigation, footer, loading and status pages. */
export const shell = {
  brand: {
    tagline: 'Todos los datos financieros de tus clientes, en un solo lugar',
    description:
      'Conecta entidades, consolida posiciones y exporta la información que necesitas con seguridad.',
    logoAlt: 'Caudal',
  },
  nav: {
    label: 'Navegación principal',
    summary: 'Resumen',
    clients: 'Clientes',
    unmatched: 'Pendientes',
    export: 'Exportar',
    connections: 'Conexiones',
    portalUsers: 'Usuarios',
    applications: 'Aplicaciones',
    links: 'Links',
    unmatchedBadge: '({count} por asignar)',
    customCss: 'CSS personalizado',
    team: 'Equipo',
    openMenu: 'Abrir navegación',
  },
  language: {
    label: 'Idioma',
  },
  account: {
    menuLabel: 'Menú de la cuenta',
    signedInAs: 'Sesión iniciada como',
    company: 'Compañía',
    profile: 'Mi cuenta',
    changePassword: 'Cambiar mi contraseña',
    security: 'Seguridad',
    logout: 'Cerrar sesión',
  },
  /** The account menu's "Change my password" dialog. */
  password: {
    title: 'Cambiar mi contraseña',
    intro: 'Escribe tu contraseña actual y después la nueva dos veces.',
    current: 'Contraseña actual',
    new: 'Contraseña nueva',
    newHint: 'Al menos 8 caracteres, con mayúsculas, minúsculas y un número o un símbolo',
    confirm: 'Repite la contraseña nueva',
    submit: 'Cambiar contraseña',
    cancel: 'Cancelar',
    changed: 'Contraseña cambiada',
    otherSessionsEnded_one: 'Se ha cerrado {count} sesión abierta en otro sitio',
    otherSessionsEnded_other: 'Se han cerrado {count} sesiones abiertas en otros sitios',
    noOtherSessions: 'No tenías otras sesiones abiertas',
    failed: 'No se ha podido cambiar la contraseña',
  },
  footer: {
    copyright: '© 2025 {provider}',
  },
  loading: 'Cargando…',
  /** Names of the component library's icon-only controls, and the skip link. */
  controls: {
    close: 'Cerrar',
    togglePassword: 'Mostrar u ocultar la contraseña',
    skipToContent: 'Saltar al contenido',
  },
  status: {
    backHome: 'Volver al inicio',
    retry: 'Reintentar',
    reload: 'Recargar la página',
    notFoundTitle: 'Página no encontrada',
    forbiddenHint: 'Comprueba la dirección o vuelve al inicio.',
    errorTitle: 'Algo ha fallado',
    configError: 'No se ha podido cargar la configuración del portal.',
    loadError: 'No se han podido cargar los datos de tu cuenta.',
    noModules: 'Tu compañía no tiene ningún módulo activado. Contacta con soporte.',
    noModulesTitle: 'Sin secciones disponibles',
  },
};
