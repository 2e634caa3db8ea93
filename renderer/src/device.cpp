#include "renderer/device.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace renderer {
namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

VKAPI_ATTR VkBool32 VKAPI_CALL on_debug_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                VkDebugUtilsMessageTypeFlagsEXT,
                                                const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                void* user) {
  auto* context = static_cast<Context*>(user);
  if (severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
    context->validation_messages.fetch_add(1, std::memory_order_relaxed);
    std::fprintf(stderr, "[vulkan %s] %s\n",
                 severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT ? "error" : "warning",
                 data->pMessage ? data->pMessage : "(no message)");
  }
  return VK_FALSE;
}

bool has_layer(const char* name) {
  uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  for (const auto& layer : layers)
    if (std::strcmp(layer.layerName, name) == 0) return true;
  return false;
}

int device_rank(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
    default: return 4;
  }
}

bool graphics_family(VkPhysicalDevice device, uint32_t& family) {
  uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
  for (uint32_t i = 0; i < count; ++i) {
    if (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) {
      family = i;
      return true;
    }
  }
  return false;
}

VkPhysicalDevice choose_device(VkInstance instance, const std::string& override_text) {
  uint32_t count = 0;
  vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(instance, &count, devices.data());
  if (devices.empty()) throw Error("no Vulkan device found (is a Vulkan driver installed?)");

  if (!override_text.empty()) {
    char* end = nullptr;
    unsigned long index = std::strtoul(override_text.c_str(), &end, 10);
    if (end && *end == '\0') {
      if (index >= devices.size())
        throw Error("Vulkan device index " + override_text + " out of range (" +
                    std::to_string(devices.size()) + " devices)");
      return devices[index];
    }
    for (VkPhysicalDevice device : devices) {
      VkPhysicalDeviceProperties props;
      vkGetPhysicalDeviceProperties(device, &props);
      if (std::strstr(props.deviceName, override_text.c_str())) return device;
    }
    throw Error("no Vulkan device matches '" + override_text + "'");
  }

  VkPhysicalDevice best = VK_NULL_HANDLE;
  int best_rank = 1 << 30;
  for (VkPhysicalDevice device : devices) {
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(device, &props);
    uint32_t family = 0;
    if (props.apiVersion < VK_API_VERSION_1_2 || !graphics_family(device, family)) continue;
    int rank = device_rank(props.deviceType);
    if (rank < best_rank) {
      best = device;
      best_rank = rank;
    }
  }
  if (!best) throw Error("no Vulkan 1.2 device with a graphics queue found");
  return best;
}

}  // namespace

bool ContextOptions::default_validation() {
  if (const char* env = std::getenv("PRISM_VK_VALIDATION")) return std::strcmp(env, "0") != 0;
#ifdef NDEBUG
  return false;
#else
  return true;
#endif
}

std::unique_ptr<Context> create_context(const ContextOptions& options) {
  if (volkInitialize() != VK_SUCCESS)
    throw Error("no Vulkan loader found (install libvulkan1 and a driver, e.g. mesa-vulkan-drivers)");

  auto context = std::make_unique<Context>();

  std::vector<const char*> extensions;
  if (options.window_system) {
    glfwSetErrorCallback(nullptr);
    if (!glfwInit()) {
      const char* why = nullptr;
      glfwGetError(&why);
      throw Error(std::string("cannot start the window system: ") +
                  (why ? why : "glfwInit failed"));
    }
    context->window_system = true;
    if (!glfwVulkanSupported()) throw Error("GLFW finds no Vulkan loader");
    uint32_t count = 0;
    const char** glfw_extensions = glfwGetRequiredInstanceExtensions(&count);
    extensions.assign(glfw_extensions, glfw_extensions + count);
  } else {
    // ImGui 1.86's loader wants the surface functions even when no surface exists.
    extensions.push_back(VK_KHR_SURFACE_EXTENSION_NAME);
  }

  std::vector<const char*> layers;
  context->validation = options.validation && has_layer(kValidationLayer);
  if (options.validation && !context->validation)
    std::fprintf(stderr, "renderer: %s is not installed; running without validation\n",
                 kValidationLayer);
  if (context->validation) {
    layers.push_back(kValidationLayer);
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  }

  VkApplicationInfo app{};

  app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  app.pApplicationName = "Prism";
  app.pEngineName = "Prism renderer";
  app.apiVersion = VK_API_VERSION_1_2;

  VkDebugUtilsMessengerCreateInfoEXT messenger_info{};

  messenger_info.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
  messenger_info.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                                   VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messenger_info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messenger_info.pfnUserCallback = on_debug_message;
  messenger_info.pUserData = context.get();

  VkInstanceCreateInfo instance_info{};

  instance_info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  instance_info.pApplicationInfo = &app;
  instance_info.enabledLayerCount = static_cast<uint32_t>(layers.size());
  instance_info.ppEnabledLayerNames = layers.data();
  instance_info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  instance_info.ppEnabledExtensionNames = extensions.data();
  if (context->validation) instance_info.pNext = &messenger_info;  // covers create/destroy too
  VkResult created = vkCreateInstance(&instance_info, nullptr, &context->instance);
  if (created == VK_ERROR_INCOMPATIBLE_DRIVER)
    throw Error("no Vulkan driver found (vkCreateInstance: VK_ERROR_INCOMPATIBLE_DRIVER); install "
                "a GPU driver or mesa-vulkan-drivers");
  vk_check(created, "vkCreateInstance");
  // Device functions go through the loader's trampolines (volkLoadInstance, not volkLoadDevice),
  // so several contexts may live in one process (a test compares a window with headless).
  volkLoadInstance(context->instance);

  if (context->validation)
    RENDERER_VK(vkCreateDebugUtilsMessengerEXT(context->instance, &messenger_info, nullptr,
                                               &context->messenger));

  std::string override_text = options.device;
  if (override_text.empty())
    if (const char* env = std::getenv("PRISM_VK_DEVICE")) override_text = env;
  context->physical_device = choose_device(context->instance, override_text);
  vkGetPhysicalDeviceProperties(context->physical_device, &context->properties);
  vkGetPhysicalDeviceMemoryProperties(context->physical_device, &context->memory);
  if (!graphics_family(context->physical_device, context->queue_family))
    throw Error(std::string("Vulkan device ") + context->properties.deviceName +
                " has no graphics queue");

  VkPhysicalDeviceFeatures available{};
  vkGetPhysicalDeviceFeatures(context->physical_device, &available);
  // geometryShader: the scene shader reads gl_PrimitiveID for per-triangle colours.
  // fillModeNonSolid: the wireframe overlay.
  if (!available.geometryShader || !available.fillModeNonSolid)
    throw Error(std::string("Vulkan device ") + context->properties.deviceName +
                " lacks geometryShader or fillModeNonSolid");
  VkPhysicalDeviceFeatures features{};
  features.geometryShader = VK_TRUE;
  features.fillModeNonSolid = VK_TRUE;

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queue_info{};
  queue_info.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
  queue_info.queueFamilyIndex = context->queue_family;
  queue_info.queueCount = 1;
  queue_info.pQueuePriorities = &priority;

  std::vector<const char*> device_extensions;
  if (options.window_system) device_extensions.push_back(VK_KHR_SWAPCHAIN_EXTENSION_NAME);

  VkDeviceCreateInfo device_info{};

  device_info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
  device_info.queueCreateInfoCount = 1;
  device_info.pQueueCreateInfos = &queue_info;
  device_info.enabledExtensionCount = static_cast<uint32_t>(device_extensions.size());
  device_info.ppEnabledExtensionNames = device_extensions.data();
  device_info.pEnabledFeatures = &features;
  RENDERER_VK(vkCreateDevice(context->physical_device, &device_info, nullptr, &context->device));
  vkGetDeviceQueue(context->device, context->queue_family, 0, &context->queue);
  return context;
}

Context::~Context() {
  if (device) {
    vkDeviceWaitIdle(device);
    vkDestroyDevice(device, nullptr);
  }
  if (messenger) vkDestroyDebugUtilsMessengerEXT(instance, messenger, nullptr);
  if (instance) vkDestroyInstance(instance, nullptr);
  if (window_system) glfwTerminate();
}

std::string device_name(const Context& context) { return context.properties.deviceName; }

}  // namespace renderer
