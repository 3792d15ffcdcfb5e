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
    audit: 'Auditoría',
    auditHistory: 'Historial',
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
    logout: 'Cerrar sesión',
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
